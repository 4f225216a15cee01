import { RESOURCE_KEYS, ResourceAmounts, UNIT_KEYS } from '../city/balance-sheet';
import { recordOf } from '../city/record-of';
import { Troops, troopCount } from './army';
import { RAIDS } from './raids';

/**
 * The practice camp (docs/combat.md, "The practice camp"): a camp the game keeps for each player,
 * so a newcomer can raid on day one while every city is under a newcomer shield. It fights back
 * with an army scaled to the raider's, and its stores are small and refill once a game day, so
 * what it yields is bounded: resources only, never RUNIK.
 */
export const PRACTICE_CAMP = {
  /** The camp's army is this percent of the raider's, per troop type, rounded down: a fight the raider wins at a cost. */
  armyPercent: 60,
  /** Each resource the camp holds at the start of a game day, in whole units: the most a day's raids can take. */
  dailyStore: 300,
  /** Percent of what is taken that is lost on the way home, as in any raid. */
  lootLostPercent: RAIDS.lootLostPercent,
  /** A raid takes the full loot share of what is left. */
  lootPercent: 100,
} as const;

/** The camp's defenders facing `raider`: a share of each troop type, and at least one infantry so it always fights back. */
export function practiceCampArmy(raider: Troops): Troops {
  const army = recordOf(UNIT_KEYS, (unit) => Math.floor((raider[unit] * PRACTICE_CAMP.armyPercent) / 100));
  return troopCount(army) > 0 ? army : { ...army, infantry: 1 };
}

/** What the camp has left to be raided, in thousandths: its daily store less what the day's raids took (loot brought home and lost). */
export function practiceCampStore(takenToday: ResourceAmounts): ResourceAmounts {
  return recordOf(RESOURCE_KEYS, (resource) => Math.max(0, PRACTICE_CAMP.dailyStore * 1000 - takenToday[resource]));
}
