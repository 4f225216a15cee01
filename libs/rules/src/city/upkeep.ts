import { UNIT_KEYS } from './balance-sheet';
import { Troops, UNIT_POWER } from '../combat/army';

/**
 * Troop upkeep, the game's recurring sink (docs/balance.md, "Upkeep"): every hour an army eats
 * this much wheat per point of its power (commander gear aside), taken from the wheat the farms
 * produce before it is harvested. Injured troops and troops in training eat nothing.
 */
export const UPKEEP_WHEAT_PER_POWER_POINT_PER_HOUR = 10;

/** Wheat an army eats per hour, thousandths (infantry 0.1, archers 0.21, cavalry 0.36 wheat each). */
export function troopUpkeepPerHour(army: Troops): number {
  return UNIT_KEYS.reduce((sum, unit) => sum + army[unit] * UNIT_POWER[unit] * UPKEEP_WHEAT_PER_POWER_POINT_PER_HOUR, 0);
}
