import {
  HEALING_COST_PERCENT,
  MAX_TRAINING_BOOST_PERCENT,
  MilitaryBuildingKey,
  RESOURCE_KEYS,
  ResourceAmounts,
  SPEEDUP_RUNIK_PER_MINUTE,
  TRAINING_SPEEDUP_PER_LEVEL_PERMILLE,
  UnitKey,
  MILITARY_BUILDINGS,
  noResources,
} from './balance-sheet';
import { recordOf } from './record-of';
import { militaryBuilding } from './buildings';
import { ceilTo, floorTo, toThousandths } from './fixed-point';

/** Training time of a batch in ms: base time × count × (1 − 0.002 × level). */
export function trainingDurationMs(key: MilitaryBuildingKey, level: number, count: number): number {
  const permille = Math.max(0, 1000 - TRAINING_SPEEDUP_PER_LEVEL_PERMILLE * level);
  return militaryBuilding(key).trainingTime * count * permille;
}

/** The boost shown on a training building: 0.2% per level, at most 50%. */
export function trainingBoostPercent(level: number): number {
  return Math.min((TRAINING_SPEEDUP_PER_LEVEL_PERMILLE * level) / 10, MAX_TRAINING_BOOST_PERCENT);
}

/** Cost of training `count` units, per resource, thousandths rounded down to 2 decimals. */
export function trainingCost(key: MilitaryBuildingKey, count: number): ResourceAmounts {
  const { costs } = militaryBuilding(key);
  return recordOf(RESOURCE_KEYS, (resource) => floorTo(toThousandths(costs[resource]) * count, 2));
}

/** The most units the held resources pay for: the lowest of held ÷ unit cost. */
export function maxTrainable(key: MilitaryBuildingKey, held: ResourceAmounts): number {
  const { costs } = militaryBuilding(key);
  let most = Number.POSITIVE_INFINITY;
  for (const resource of RESOURCE_KEYS) {
    const unitCost = toThousandths(costs[resource]);
    if (unitCost > 0) most = Math.min(most, Math.floor(held[resource] / unitCost));
  }
  return Number.isFinite(most) ? most : 0;
}

export function buildingForUnit(unit: UnitKey): MilitaryBuildingKey {
  return MILITARY_BUILDINGS.find((building) => building.unitKey === unit)!.key;
}

/** Healing costs 25% of the units' training cost, per resource, rounded up to 2 decimals. */
export function healingCost(units: Record<UnitKey, number>): ResourceAmounts {
  const total = noResources();
  for (const [unit, count] of Object.entries(units) as [UnitKey, number][]) {
    if (count <= 0) continue;
    const training = trainingCost(buildingForUnit(unit), count);
    for (const resource of RESOURCE_KEYS) total[resource] += (training[resource] * HEALING_COST_PERCENT) / 100;
  }
  for (const resource of RESOURCE_KEYS) total[resource] = ceilTo(total[resource], 2);
  return total;
}

/** Minutes a speed-up may buy: the remaining time in whole minutes, rounded up. */
export function remainingMinutes(completionMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((completionMs - nowMs) / 60_000));
}

/** What speeding training up by `minutes` costs: 1 RUNIK a minute (the spec), thousandths. */
export function speedupCost(minutes: number): number {
  return minutes * SPEEDUP_RUNIK_PER_MINUTE * 1000;
}
