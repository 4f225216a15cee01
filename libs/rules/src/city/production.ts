import {
  BASE_PRODUCTIONS,
  PENDING_CAP_HOURS,
  PRODUCTION_LEVEL_FACTOR_THOUSANDTHS,
  RESOURCE_KEYS,
  ResourceAmounts,
  ResourceKey,
  UNLOCKS,
} from './balance-sheet';
import { recordOf } from './record-of';
import { Troops } from '../combat/army';
import { troopUpkeepPerHour } from './upkeep';

const HOUR_MS = 3_600_000;

/**
 * Production per hour in thousandths: (base + scale × (level − 1) × 6.84) × (1 + gear bonus % / 100),
 * rounded down. The bonus counts to a hundredth of a percent.
 */
export function productionPerHour(resource: ResourceKey, level: number, gearBonusPercent = 0): number {
  const { base, scale } = BASE_PRODUCTIONS[resource];
  const withoutBonus = base * 1000 + scale * (level - 1) * PRODUCTION_LEVEL_FACTOR_THOUSANDTHS;
  const bonusHundredths = Math.round(gearBonusPercent * 100);
  return Math.floor((withoutBonus * (10_000 + bonusHundredths)) / 10_000);
}

/** The most that can wait unharvested, in thousandths (the cap in hours may be overridden by the economy simulation). */
export function pendingCap(perHour: number, capHours = PENDING_CAP_HOURS): number {
  return perHour * capHours;
}

/**
 * Pending production of one resource: what was stored when the rate last changed, plus the
 * current rate since then, less what the troops ate since then (wheat only, docs/balance.md
 * "Upkeep"), capped and never below zero; thousandths, rounded down.
 */
export function pendingAmount(
  stored: number,
  perHour: number,
  sinceMs: number,
  nowMs: number,
  capHours = PENDING_CAP_HOURS,
  upkeepPerHour = 0,
): number {
  const elapsed = Math.max(0, nowMs - sinceMs);
  // The net rate, rounded down once: pending never ticks back down while the farms outrun the upkeep.
  const net = Math.floor(((perHour - upkeepPerHour) * elapsed) / HOUR_MS);
  return Math.max(0, Math.min(pendingCap(perHour, capHours), stored + net));
}

/** What a city's production depends on. */
export interface CityProduction {
  chLevel: number;
  levels: Record<ResourceKey, number>;
  gearBonuses: Record<ResourceKey, number>;
}

/** A city's production per hour of one resource, thousandths: nothing while its building is locked. */
export function cityProductionPerHour(resource: ResourceKey, city: CityProduction): number {
  return city.chLevel < UNLOCKS[resource] ? 0 : productionPerHour(resource, city.levels[resource], city.gearBonuses[resource]);
}

export interface ProductionState extends CityProduction {
  /** The army that eats its upkeep from the pending wheat. */
  army: Troops;
  storedPending: Partial<ResourceAmounts>;
  /** When the stored pending amounts were last brought up to date. */
  anchorMs: number;
}

/** The resource troop upkeep is paid in. */
export const UPKEEP_RESOURCE: ResourceKey = 'wheat';

/**
 * Pending production of every resource at `nowMs`, thousandths. The upkeep counts the army as it
 * is now back to the anchor: troops that joined since pay for the whole stretch (the player's
 * disfavour), until the next harvest, upgrade or battle settles the pending production.
 */
export function pendingResources(state: ProductionState, nowMs: number, capHours = PENDING_CAP_HOURS): ResourceAmounts {
  const upkeep = troopUpkeepPerHour(state.army);
  return recordOf(RESOURCE_KEYS, (resource) => {
    const perHour = cityProductionPerHour(resource, state);
    const eats = resource === UPKEEP_RESOURCE ? upkeep : 0;
    return pendingAmount(state.storedPending[resource] ?? 0, perHour, state.anchorMs, nowMs, capHours, eats);
  });
}
