import { BASE_PRODUCTIONS, PENDING_CAP_HOURS, PRODUCTION_LEVEL_FACTOR_THOUSANDTHS, RESOURCE_KEYS, ResourceAmounts, ResourceKey, UNLOCKS } from './balance-sheet';

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

/** The most that can wait unharvested, in thousandths. */
export function pendingCap(perHour: number): number {
  return perHour * PENDING_CAP_HOURS;
}

/**
 * Pending production of one resource: what was stored when the rate last changed, plus the
 * current rate since then, capped; thousandths, rounded down.
 */
export function pendingAmount(stored: number, perHour: number, sinceMs: number, nowMs: number): number {
  const elapsed = Math.max(0, nowMs - sinceMs);
  return Math.min(pendingCap(perHour), stored + Math.floor((perHour * elapsed) / HOUR_MS));
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
  storedPending: Partial<ResourceAmounts>;
  /** When the stored pending amounts were last brought up to date. */
  anchorMs: number;
}

/** Pending production of every resource at `nowMs`, thousandths. */
export function pendingResources(state: ProductionState, nowMs: number): ResourceAmounts {
  const pending = {} as ResourceAmounts;
  for (const resource of RESOURCE_KEYS) {
    pending[resource] = pendingAmount(state.storedPending[resource] ?? 0, cityProductionPerHour(resource, state), state.anchorMs, nowMs);
  }
  return pending;
}
