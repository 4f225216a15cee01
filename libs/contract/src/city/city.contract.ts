import { z } from 'zod';
import {
  BUILDING_KEYS,
  BuildingKey,
  CITY_HALL_KEY,
  EARN_BACK_FLOOR_DAYS,
  EmissionLimit,
  formatCount,
  formatRunik,
  MAX_TRAINING_BATCH,
  MILITARY_BUILDING_KEYS,
  MilitaryBuilding,
  MilitaryBuildingKey,
  parseDecimal,
  recordOf,
  RESOURCE_KEYS,
  ResourceBuilding,
  ResourceKey,
  UNIT_KEYS,
  UnitKey,
  YOUNG_ACCOUNT_DAILY_SHARE,
} from '@runik/rules';
import { hiveUsernameSchema } from '../common/schemas';

/** City messages: the spec's verbatim where it gives them (section 5), ours otherwise. */
export const CityMessages = {
  selectResource: 'Please select at least one resource to convert.',
  invalidAmount: 'Please enter a valid amount to convert.',
  amountExceedsMax: (max: string) => `Amount exceeds maximum conversion: ${max}`,
  insufficientForAmount: 'Insufficient resources for this amount.',
  specifyResource: 'Please specify at least one resource to convert to.',
  notEnoughRunik: (required: string, available: string) => `Not enough RUNIK. Required: ${required}, Available: ${available}`,
  invalidTroopCount: 'Please enter a valid number of troops to train.',
  notEnoughResource: (resource: string, required: string, available: string) =>
    `Not enough ${resource}. Required: ${required}, Available: ${available}`,
  invalidMinutes: 'Please enter a valid number of minutes.',
  tooManyMinutes: (minutes: number) => `Cannot exceed the maximum remaining minutes (${formatCount(minutes)}).`,
  noActiveQueue: 'No active training queue for this building.',
  noTroopsToHeal: 'No troops selected for healing.',
  notEnoughInjured: (unit: string, injured: number) => `Not enough injured ${unit} to heal. Injured: ${formatCount(injured)}`,
  unknownBuilding: 'Unknown building',
  buildingLocked: (name: string, level: number) => `${name} is locked until City Hall level ${level}.`,
  needsCityHall: (name: string, level: number) => `Upgrade City Hall to level ${level} before upgrading ${name}.`,
  cityHallMaxed: 'City Hall is at its maximum level.',
  resourceLocked: (resource: string) => `${resource} is not unlocked at your City Hall level.`,
  harvestNotReady: (countdown: string) => `Harvest not ready yet. Try again in ${countdown}.`,
  trainingInProgress: 'Training already in progress for this building.',
  cityNotFound: 'City not found',
  /** A conversion the emission budget stops (docs/decisions.md, "The emission budget"), by what stops it. */
  emissionSpent: {
    share: (left: string, countdown: string) =>
      `Your share of today's RUNIK emission is used up (${left} RUNIK left): convert at most that much until the game day resets in ${countdown}.`,
    young: (left: string, countdown: string) =>
      `A new account shares in at most ${formatRunik(YOUNG_ACCOUNT_DAILY_SHARE)} RUNIK of the emission a day in its first ${EARN_BACK_FLOOR_DAYS} game days, and today's is used up (${left} RUNIK left): convert at most that much until the game day resets in ${countdown}.`,
    newcomers: (left: string, countdown: string) =>
      `Today's RUNIK emission for players who harvested nothing yesterday is used up (${left} RUNIK left): convert at most that much until the game day resets in ${countdown}. Harvest today to share in tomorrow's by what you produce.`,
    releases: (left: string, countdown: string) =>
      `Today's RUNIK emission for activations is used up (${left} RUNIK left). The rest is released on the next game days, the next in ${countdown}.`,
    budget: (left: string, countdown: string) =>
      `Today's RUNIK emission for the whole game is used up (${left} RUNIK left): convert at most that much until the game day resets in ${countdown}.`,
  },
} as const;

/** A positive or zero decimal with at most `decimals` places, as a JSON number or string; parsed to thousandths. */
function decimalThousandths(decimals: number, message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, context) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
    const thousandths = parseDecimal(text === '' ? 'x' : text, 3);
    const step = 10 ** (3 - decimals);
    if (thousandths === null || thousandths % step !== 0) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return thousandths;
  });
}

const resourceKeySchema = z.enum(RESOURCE_KEYS, { error: 'Unknown resource' });
const militaryBuildingSchema = z.enum(MILITARY_BUILDING_KEYS, { error: CityMessages.unknownBuilding });

export const cityUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });

export const upgradeParamsSchema = z.strictObject({
  username: hiveUsernameSchema,
  buildingKey: z.enum([CITY_HALL_KEY, ...BUILDING_KEYS] as [string, ...string[]], { error: CityMessages.unknownBuilding }),
});

export const speedupParamsSchema = z.strictObject({ username: hiveUsernameSchema, buildingKey: militaryBuildingSchema });

/** Calls without a body accept none, or an empty object. */
export const emptyBodySchema = z.strictObject({});

export const convertSchema = z.strictObject({
  selectedResources: z
    .array(resourceKeySchema, { error: CityMessages.selectResource })
    .min(1, CityMessages.selectResource)
    .max(RESOURCE_KEYS.length)
    .refine((keys) => new Set(keys).size === keys.length, 'Each resource may be selected once'),
  amount: decimalThousandths(2, CityMessages.invalidAmount).refine((amount) => amount > 0, CityMessages.invalidAmount),
  preview: z.boolean().optional(),
});
export type ConvertRequest = z.input<typeof convertSchema>;
export type ConvertCommand = z.output<typeof convertSchema>;

/** An optional amount for each resource, by its key. */
const resourceInputs = recordOf(RESOURCE_KEYS, () => decimalThousandths(2, 'Amounts take up to 2 decimals').optional());
export const convertToResourcesSchema = z
  .strictObject({ ...resourceInputs, preview: z.boolean().optional() })
  .refine((body) => RESOURCE_KEYS.some((resource) => (body[resource] ?? 0) > 0), CityMessages.specifyResource);
export type ConvertToResourcesRequest = z.input<typeof convertToResourcesSchema>;
export type ConvertToResourcesCommand = z.output<typeof convertToResourcesSchema>;

const troopCount = (message: string) => z.number({ error: message }).int(message).min(0, message).max(MAX_TRAINING_BATCH, message);

export const trainSchema = z.strictObject({
  building: militaryBuildingSchema,
  count: troopCount(CityMessages.invalidTroopCount).refine((count) => count > 0, CityMessages.invalidTroopCount),
});
export type TrainRequest = z.infer<typeof trainSchema>;

export const speedupSchema = z.strictObject({
  minutes: z
    .number({ error: CityMessages.invalidMinutes })
    .int(CityMessages.invalidMinutes)
    .positive(CityMessages.invalidMinutes)
    .max(1_000_000, CityMessages.invalidMinutes),
});
export type SpeedupRequest = z.infer<typeof speedupSchema>;

const healCount = troopCount('Troop counts must be whole numbers of 0 or more').default(0);
export const healSchema = z
  .strictObject(recordOf(UNIT_KEYS, () => healCount))
  .refine((body) => UNIT_KEYS.some((unit) => body[unit] > 0), CityMessages.noTroopsToHeal);
export type HealRequest = z.input<typeof healSchema>;

/** Amounts in responses are plain numbers (resources to 3 decimals, RUNIK to 3 decimals). */
export type Resources = Record<ResourceKey | 'runik', number>;
export type Army = Record<UnitKey, number>;
export type TrainingQueue = Partial<Record<MilitaryBuildingKey, { completionTime: string; count: number }>>;

export interface CityResponse {
  chLevel: number;
  levels: Record<BuildingKey, number>;
  resources: Resources;
  army: Army;
  sanctum: { injured: Army };
  pendingResources: Record<ResourceKey, number>;
  /** When the next harvest is allowed; null when the city never harvested. */
  nextHarvestTime: string | null;
  trainingQueue: TrainingQueue;
  /** Percent bonus per resource from equipped gear, keyed `{resource}Production`. */
  gearBonuses: Record<`${ResourceKey}Production`, number>;
  canWithdraw: boolean;
  /** Wheat the army eats an hour from the pending production (docs/balance.md, "Upkeep"). */
  troopUpkeepPerHour: number;
}

export interface CityConstantsResponse {
  baseProductions: Record<ResourceKey, { base: number; scale: number }>;
  resourceBuildings: ResourceBuilding[];
  militaryBuildings: MilitaryBuilding[];
  unlocks: Record<ResourceKey, number>;
  CONVERSION_RATES: Record<ResourceKey, number>;
}

export interface UpgradeResponse {
  chLevel: number;
  levels: Record<BuildingKey, number>;
  resources: Resources;
}

export interface HarvestResponse {
  resources: Resources;
  pendingResources: Record<ResourceKey, number>;
  nextHarvestTime: string;
}

export interface ConvertPreviewResponse {
  runikAfterTax: number;
  taxRatePercent: number;
  maxAmount: number;
  resourceAmounts: Partial<Record<ResourceKey, number>>;
  feasible: boolean;
  /** The daily conversion cap (docs/balance.md): RUNIK after tax a day, what is left of it today, and when the day ends. */
  conversionCapPerDay: number;
  conversionLeftToday: number;
  conversionDayEndsAt: string;
  /**
   * What bounds `conversionLeftToday` (docs/decisions.md, "The emission budget"): the per-account
   * `cap`; for a paid player their `share` of the day's emission budget, the `newcomers`' slice (a
   * paid account that harvested nothing yesterday), or the game's whole `budget` when that is spent
   * or sized at 0. A conversion over what is left is refused, never filled in part.
   */
  conversionLimitedBy: ConversionLimit;
  /** A paid player's share of today's emission budget (RUNIK), whatever they drew from it already; null for a free account (its RUNIK is game-only, so it draws nothing). */
  emissionShareToday: number | null;
  /** What is left of the whole game's budget today (RUNIK); null for a free account. */
  emissionBudgetLeftToday: number | null;
}

/** The per-account cap, or what the emission budget leaves (`EmissionLimit`, libs/rules). */
export type ConversionLimit = 'cap' | EmissionLimit;

export interface ConvertResponse extends ConvertPreviewResponse {
  resources: Resources;
  runikGained: number;
  /** The tax as a fraction (0.1 for 10%). */
  taxRate: number;
}

export interface ConvertToResourcesPreviewResponse {
  runikCost: number;
  resources: Partial<Record<ResourceKey, number>>;
}

export interface ConvertToResourcesResponse {
  runikCost: number;
  resources: Resources;
  received: Partial<Record<ResourceKey, number>>;
}

export interface TrainResponse {
  resources: Resources;
  army: Army;
  trainingQueue: TrainingQueue;
}

export type SpeedupResponse = TrainResponse;

export interface HealResponse {
  resources: Resources;
  army: Army;
  sanctum: { injured: Army };
}
