import { formatPercent } from '@runik/rules';

/** "1 Pack" or "10 Packs". */
export function packsLabel(count: number): string {
  return `${count} ${count === 1 ? 'Pack' : 'Packs'}`;
}

/** A stat key as words: "infantryAttackBoost" → "Infantry Attack Boost". */
export function statLabel(key: string): string {
  const words = key.replace(/([A-Z])/g, ' $1');
  return words[0].toUpperCase() + words.slice(1);
}

/** A percent with at most two decimals: 1.2 → "+1.2%". */
export function formatBoost(percent: number): string {
  return `+${formatPercent(percent)}`;
}
