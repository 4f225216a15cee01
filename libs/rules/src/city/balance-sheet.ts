/**
 * The city's balance sheet: every number the spec leaves unshown, chosen once here.
 * docs/balance.md explains each choice. Amounts of resources are whole units here;
 * the formulas convert them to thousandths.
 */
import { recordOf } from './record-of';

/**
 * The one list of resources: every resource record, the ledger's assets, the request schemas and the
 * soak's SQL are built from it (ARCHITECTURE.md, "Adding a resource").
 */
export const RESOURCE_KEYS = ['wheat', 'lumber', 'stone', 'ore'] as const;
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

export const MILITARY_BUILDING_KEYS = ['quarters', 'archery', 'stables'] as const;
export type MilitaryBuildingKey = (typeof MILITARY_BUILDING_KEYS)[number];

export const UNIT_KEYS = ['infantry', 'archers', 'cavalries'] as const;
export type UnitKey = (typeof UNIT_KEYS)[number];

export type BuildingKey = ResourceKey | MilitaryBuildingKey;
export const BUILDING_KEYS: readonly BuildingKey[] = [...RESOURCE_KEYS, ...MILITARY_BUILDING_KEYS];
/** City Hall's key in upgrade calls. */
export const CITY_HALL_KEY = 'ch';

export type ResourceAmounts = Record<ResourceKey, number>;

/** Zero of every resource. */
export function noResources(): ResourceAmounts {
  return recordOf(RESOURCE_KEYS, () => 0);
}

/** Production per hour at level 1 (base) and the growth per level (scale), whole units. */
export const BASE_PRODUCTIONS: Record<ResourceKey, { base: number; scale: number }> = {
  wheat: { base: 120, scale: 12 },
  lumber: { base: 100, scale: 10 },
  stone: { base: 80, scale: 8 },
  ore: { base: 60, scale: 6 },
};
/** The spec's production multiplier per level above 1. */
export const PRODUCTION_LEVEL_FACTOR_THOUSANDTHS = 6_840;

export interface ResourceBuilding {
  key: ResourceKey;
  name: string;
  /** City Hall levels the building trails by: it opens at City Hall `unlock` and its level + unlock may not pass City Hall. */
  unlock: number;
  /** Upgrade cost from level L is L^exp RUNIK, rounded up. */
  exp: number;
}

/** The building producing each resource. */
const PRODUCERS: Record<ResourceKey, Omit<ResourceBuilding, 'key'>> = {
  wheat: { name: 'Farm', unlock: 1, exp: 1.8 },
  lumber: { name: 'Lumber Mill', unlock: 1, exp: 1.9 },
  stone: { name: 'Quarry', unlock: 2, exp: 2.0 },
  ore: { name: 'Mine', unlock: 3, exp: 2.1 },
};
export const RESOURCE_BUILDINGS: readonly ResourceBuilding[] = RESOURCE_KEYS.map((key) => ({ key, ...PRODUCERS[key] }));

export interface MilitaryBuilding {
  key: MilitaryBuildingKey;
  name: string;
  unlock: number;
  exp: number;
  /** Display name of the unit it trains. */
  unit: string;
  unitKey: UnitKey;
  /** Cost of one unit, whole units of each resource (2 decimals at most). */
  costs: ResourceAmounts;
  /** Seconds to train one unit at level 0 of the building. */
  trainingTime: number;
}

export const MILITARY_BUILDINGS: readonly MilitaryBuilding[] = [
  {
    key: 'quarters',
    name: 'Quarters',
    unlock: 1,
    exp: 2.2,
    unit: 'Infantry',
    unitKey: 'infantry',
    costs: { wheat: 10, lumber: 5, stone: 0, ore: 2.5 },
    trainingTime: 30,
  },
  {
    key: 'archery',
    name: 'Archery Range',
    unlock: 3,
    exp: 2.3,
    unit: 'Archers',
    unitKey: 'archers',
    costs: { wheat: 8, lumber: 12.5, stone: 2, ore: 4 },
    trainingTime: 45,
  },
  {
    key: 'stables',
    name: 'Stables',
    unlock: 5,
    exp: 2.4,
    unit: 'Cavalries',
    unitKey: 'cavalries',
    costs: { wheat: 20, lumber: 10, stone: 5, ore: 12.5 },
    trainingTime: 90,
  },
];

/** City Hall level at which each resource opens (its building's unlock). */
export const UNLOCKS: Record<ResourceKey, number> = recordOf(RESOURCE_KEYS, (resource) => PRODUCERS[resource].unlock);

/** Resource units per 1 RUNIK, both ways. */
export const CONVERSION_RATES: Record<ResourceKey, number> = { wheat: 200, lumber: 160, stone: 130, ore: 100 };
/** Tax on converting resources to RUNIK, paid to the tax account. */
export const CONVERSION_TAX_PERCENT = 10;

export const MAX_CITY_HALL_LEVEL = 30;
/** Buildings start at level 1 (production's base) once unlocked. */
export const STARTING_BUILDING_LEVEL = 1;
export const STARTING_CITY_HALL_LEVEL = 1;
/** What a new city holds (no RUNIK: it is withdrawable value). */
export const STARTING_RESOURCES: ResourceAmounts = { wheat: 1_000, lumber: 1_000, stone: 1_000, ore: 1_000 };

export const HARVEST_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** Pending production stops growing at this many hours of output: come back at least twice a day. */
export const PENDING_CAP_HOURS = 12;

/** Each building level trains 0.2% faster; the shown boost stops at 50%. */
export const TRAINING_SPEEDUP_PER_LEVEL_PERMILLE = 2;
export const MAX_TRAINING_BOOST_PERCENT = 50;
/** Largest batch one call may train (keeps every product far below 2^53 thousandths). */
export const MAX_TRAINING_BATCH = 100_000;

export const SPEEDUP_RUNIK_PER_MINUTE = 1;
export const HEALING_COST_PERCENT = 25;
