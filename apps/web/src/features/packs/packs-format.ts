import { formatDecimal } from '@runik/rules';

/**
 * The pack info carries plain numbers (12.5, not thousandths). They become thousandths here,
 * at the display boundary: a price rounds up and a balance down, so neither is overstated
 * in the player's favour.
 */
function toThousandths(value: number, round: 'up' | 'down'): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  // Millionths first absorb floating-point noise (1.001 * 1000 = 1000.9999999999999).
  const millionths = Math.round(value * 1_000_000);
  return round === 'up' ? Math.ceil(millionths / 1_000) : Math.floor(millionths / 1_000);
}

/** A price with three decimals, e.g. 1 → "1.000" (also the amount sent through Keychain). */
export function formatPrice(value: number): string {
  return formatDecimal(toThousandths(value, 'up'), 3);
}

/** A balance with three decimals, never rounded up. */
export function formatBalance(value: number): string {
  return formatDecimal(toThousandths(value, 'down'), 3);
}

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
  return `+${Number(percent.toFixed(2))}%`;
}
