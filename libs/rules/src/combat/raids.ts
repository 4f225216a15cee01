/**
 * Who may raid whom, and for how much (docs/combat.md, "Raids of weaker cities"). Farming
 * alts must not pay: free cities are out of paid raiders' reach, new cities are shielded for
 * their first days, a much lower City Hall yields a smaller share or cannot be raided at all,
 * and part of every haul is lost on the way home.
 */
export const RAIDS = {
  /** A new city cannot be raided for this long after its owner registered... */
  newcomerShieldMs: 48 * 60 * 60 * 1000,
  /** Levels a target's City Hall may trail the raider's and still yield the full loot share. */
  fullShareLevelsBelow: 2,
  /** Each level further below takes this many percent off the loot share... */
  sharePercentLostPerLevel: 25,
  /** ...and a City Hall more than this many levels below cannot be raided. */
  maxLevelsBelow: 5,
  /** Percent of the loot lost on the way home: taken from the defender, never minted. */
  lootLostPercent: 20,
} as const;

export interface Raider {
  chLevel: number;
  /** A paid activation: the raider's loot can become withdrawable RUNIK. */
  paid: boolean;
}

export interface RaidTarget {
  chLevel: number;
  paid: boolean;
  registeredAtMs: number;
  /** The target has raided someone: a newcomer who attacks gives up the shield. */
  hasRaided: boolean;
}

export type RaidShield = 'free' | 'newcomer' | 'out-of-band';

export type RaidTerms =
  | { open: true; lootPercent: number }
  | { open: false; shield: 'newcomer'; shieldEndsMs: number }
  | { open: false; shield: Exclude<RaidShield, 'newcomer'> };

/** Whether `raider` may raid `target` at `nowMs`, and the percent of the battle's loot share it takes. */
export function raidTerms(raider: Raider, target: RaidTarget, nowMs: number): RaidTerms {
  if (raider.paid && !target.paid) return { open: false, shield: 'free' };
  const shieldEndsMs = target.registeredAtMs + RAIDS.newcomerShieldMs;
  if (!target.hasRaided && nowMs < shieldEndsMs) return { open: false, shield: 'newcomer', shieldEndsMs };
  const levelsBelow = raider.chLevel - target.chLevel;
  if (levelsBelow > RAIDS.maxLevelsBelow) return { open: false, shield: 'out-of-band' };
  const reducedLevels = Math.max(0, levelsBelow - RAIDS.fullShareLevelsBelow);
  return { open: true, lootPercent: 100 - RAIDS.sharePercentLostPerLevel * reducedLevels };
}

/** The part of a haul that reaches home, rounded down; the rest is lost (the player's disfavour). */
export function lootBroughtHome(taken: number, lootLostPercent: number = RAIDS.lootLostPercent): number {
  return Math.floor((taken * (100 - lootLostPercent)) / 100);
}
