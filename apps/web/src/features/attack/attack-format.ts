import type { AttackPreviewResponse, Enemy, PendingResourcesDto, TroopCounts, TroopLosses } from '@runik/contract';
import { formatCount, formatCountdown, formatPowerPoints } from '@runik/rules';
import { resourceLines, TROOP_TYPES } from '../../shared/format';

/** A countdown as HH:MM:SS (spec section 9); hours grow past two digits when they must. */
export function formatClock(ms: number): string {
  return formatCountdown(ms).padStart(8, '0');
}

/** Why the player may not raid this enemy (docs/combat.md), or null when it may; a newcomer shield counts down. */
export function shieldLabel(enemy: Pick<Enemy, 'shield' | 'shieldEndsAt'>, nowMs: number): string | null {
  switch (enemy.shield) {
    case null:
      return null;
    case 'free':
      return 'Free account: shielded from paid raiders';
    case 'out-of-band':
      return 'City Hall too far below yours';
    case 'newcomer': {
      const endsAt = enemy.shieldEndsAt ? Date.parse(enemy.shieldEndsAt) : nowMs;
      return endsAt > nowMs ? `Newcomer shield ${formatClock(endsAt - nowMs)}` : null;
    }
  }
}

/**
 * The Minimum City Hall Level typed in the filter: blank means 0 (spec section 5), a whole
 * number is itself, anything else is null and is not sent.
 */
export function parseMinLevel(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** A chance from 0 to 1 as a whole percent ("62%"); "under 1%" and "over 99%" rather than a certainty the luck does not give. */
export function formatChance(chance: number): string {
  if (chance > 0 && chance < 0.01) return 'under 1%';
  if (chance < 1 && chance > 0.99) return 'over 99%';
  return `${Math.round(chance * 100)}%`;
}

const troopCount = (troops: TroopCounts) => TROOP_TYPES.reduce((total, { key }) => total + troops[key], 0);

/** Troops lost, with the dead and injured apart: "5 (2 dead, 3 injured)", or "none". */
export function formatLosses({ dead, injured }: TroopLosses): string {
  const [died, hurt] = [troopCount(dead), troopCount(injured)];
  return died + hurt === 0 ? 'none' : `${formatCount(died + hurt)} (${formatCount(died)} dead, ${formatCount(hurt)} injured)`;
}

/** The losses in a sentence: "5 (2 dead, 3 injured) troops", or "no troops". */
function troopsLost(losses: TroopLosses): string {
  return troopCount(losses.dead) + troopCount(losses.injured) === 0 ? 'no troops' : `${formatLosses(losses)} troops`;
}

/** The resources of a loot map that are not 0, as one line ("216 Wheat, 168.12 Lumber"), or "nothing". */
export function formatLoot(loot: PendingResourcesDto): string {
  const lines = resourceLines(loot).filter(({ key }) => loot[key] > 0);
  return lines.length === 0 ? 'nothing' : lines.map(({ label, amount }) => `${amount} ${label}`).join(', ');
}

/** The confirm's question: both powers with their bonuses, the chance, and the battle at even luck. */
export function attackConfirmMessage(enemy: string, preview: AttackPreviewResponse | undefined): string {
  if (!preview) return `Attack ${enemy}? The odds could not be loaded.`;
  const powers = `Your power ${formatPowerPoints(preview.attackerPower)} against ${enemy}'s ${formatPowerPoints(preview.defenderPower)} (+${preview.defenderAdvantagePercent}% at home, gear included).`;
  const evenLuck =
    preview.expectedWinner === 'attacker'
      ? `At even luck you win, losing ${troopsLost(preview.expectedLosses)}, and bring home ${formatLoot(preview.expectedLoot)} (${formatLoot(preview.lostOnTheWayHome)} lost on the way).`
      : `At even luck you lose ${troopsLost(preview.expectedLosses)} and bring home nothing.`;
  return `${powers} You win ${formatChance(preview.winChance)} of the time. ${evenLuck}`;
}
