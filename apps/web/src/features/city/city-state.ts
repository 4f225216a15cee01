import type {
  Army,
  CityResponse,
  HarvestResponse,
  HealResponse,
  Resources,
  TrainingQueue,
  TrainResponse,
  UpgradeResponse,
} from '@runik/contract';
import {
  BUILDING_KEYS,
  pendingResources,
  productionStatKey,
  recordOf,
  RESOURCE_KEYS,
  toThousandths,
  type BuildingKey,
  type MilitaryBuildingKey,
  type ResourceAmounts,
  type ResourceKey,
} from '@runik/rules';

/** Held amounts in thousandths: every resource and RUNIK. */
export type Holdings = Record<ResourceKey | 'runik', number>;

export interface QueueEntry {
  /** Client clock, ms. */
  completionAt: number;
  count: number;
}

/**
 * The city as the screen keeps it: every amount converted to integer thousandths on
 * arrival (the only float step), every instant to epoch ms.
 */
export interface CityState {
  chLevel: number;
  levels: Record<BuildingKey, number>;
  holdings: Holdings;
  army: Army;
  injured: Army;
  /** Pending production as of `pendingAt`, thousandths. */
  pending: ResourceAmounts;
  /** When `pending` was true (the client's clock at the response), ms. */
  pendingAt: number;
  /** When the next harvest is allowed, ms; null when the city never harvested. */
  nextHarvestAt: number | null;
  trainingQueue: Partial<Record<MilitaryBuildingKey, QueueEntry>>;
  /** Gear bonus per resource, percent. */
  gearBonuses: Record<ResourceKey, number>;
  canWithdraw: boolean;
}

/** An ISO instant as epoch ms; null (never harvested) or an unreadable one count as no wait. */
function toInstant(iso: string | null): number | null {
  const ms = iso === null ? NaN : Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

function toHoldings(resources: Resources): Holdings {
  return { ...toResourceAmounts(resources), runik: toThousandths(resources.runik) };
}

function toResourceAmounts(amounts: Partial<Record<ResourceKey, number>>): ResourceAmounts {
  return recordOf(RESOURCE_KEYS, (resource) => toThousandths(amounts[resource] ?? 0));
}

function toTrainingQueue(queue: TrainingQueue): CityState['trainingQueue'] {
  const result: CityState['trainingQueue'] = {};
  for (const [key, entry] of Object.entries(queue) as [MilitaryBuildingKey, { completionTime: string; count: number }][]) {
    const completionAt = Date.parse(entry.completionTime);
    if (Number.isFinite(completionAt)) result[key] = { completionAt, count: entry.count };
  }
  return result;
}

function toLevels(levels: Partial<Record<BuildingKey, number>>): Record<BuildingKey, number> {
  return recordOf(BUILDING_KEYS, (key) => levels[key] ?? 1);
}

export function toCityState(response: CityResponse, receivedAt: number): CityState {
  const gearBonuses = recordOf(RESOURCE_KEYS, (resource) => response.gearBonuses?.[productionStatKey(resource)] ?? 0);
  return {
    chLevel: response.chLevel,
    levels: toLevels(response.levels),
    holdings: toHoldings(response.resources),
    army: { ...response.army },
    injured: { ...response.sanctum.injured },
    pending: toResourceAmounts(response.pendingResources),
    pendingAt: receivedAt,
    nextHarvestAt: toInstant(response.nextHarvestTime),
    trainingQueue: toTrainingQueue(response.trainingQueue),
    gearBonuses,
    canWithdraw: response.canWithdraw,
  };
}

/** Pending production of every resource at `nowMs`, thousandths (the rules' formula and cap). */
export function pendingAt(city: CityState, nowMs: number): ResourceAmounts {
  return pendingResources(
    {
      chLevel: city.chLevel,
      levels: city.levels,
      gearBonuses: city.gearBonuses,
      army: city.army,
      storedPending: city.pending,
      anchorMs: city.pendingAt,
    },
    nowMs,
  );
}

/** The queue entry of a building if its training is still running at `nowMs`. */
export function activeQueueEntry(city: CityState, key: MilitaryBuildingKey, nowMs: number): QueueEntry | null {
  const entry = city.trainingQueue[key];
  return entry && entry.completionAt > nowMs ? entry : null;
}

/** The city without the queue entries finished by `nowMs` (the server has moved them into the army). */
export function withoutFinishedTraining(city: CityState, nowMs: number): CityState {
  const trainingQueue: CityState['trainingQueue'] = {};
  for (const [key, entry] of Object.entries(city.trainingQueue) as [MilitaryBuildingKey, QueueEntry][]) {
    if (entry.completionAt > nowMs) trainingQueue[key] = entry;
  }
  return { ...city, trainingQueue };
}

export function hasFinishedTraining(city: CityState, nowMs: number): boolean {
  return Object.values(city.trainingQueue).some((entry) => entry.completionAt <= nowMs);
}

// Merges of action responses into the cached city.

export function applyUpgrade(city: CityState, response: UpgradeResponse, nowMs: number): CityState {
  // Production changes with the levels: bank what was produced at the old rate first.
  return {
    ...city,
    pending: pendingAt(city, nowMs),
    pendingAt: nowMs,
    chLevel: response.chLevel,
    levels: toLevels(response.levels),
    holdings: toHoldings(response.resources),
  };
}

export function applyHarvest(city: CityState, response: HarvestResponse, nowMs: number): CityState {
  return {
    ...city,
    holdings: toHoldings(response.resources),
    pending: toResourceAmounts(response.pendingResources),
    pendingAt: nowMs,
    nextHarvestAt: toInstant(response.nextHarvestTime),
  };
}

export function applyResources(city: CityState, response: { resources: Resources }): CityState {
  return { ...city, holdings: toHoldings(response.resources) };
}

export function applyTraining(city: CityState, response: TrainResponse): CityState {
  return {
    ...city,
    holdings: toHoldings(response.resources),
    army: { ...response.army },
    trainingQueue: toTrainingQueue(response.trainingQueue),
  };
}

export function applyHeal(city: CityState, response: HealResponse): CityState {
  return { ...city, holdings: toHoldings(response.resources), army: { ...response.army }, injured: { ...response.sanctum.injured } };
}
