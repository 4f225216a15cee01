import { readFileSync } from 'node:fs';
import {
  CITADEL_REWARD_CURVE,
  CitadelRewardCurve,
  ACTIVATION_RELEASE_RUNIK,
  YOUNG_ACCOUNT_DAILY_SHARE,
  DAILY_CONVERSION_CAP_RUNIK,
  EMISSION_POLICY,
  EmissionPolicy,
  BUILDING_KEYS,
  BuildingKey,
  buildingByKey,
  CONVERSION_RATES,
  CONVERSION_TAX_PERCENT,
  PACK_PRICES,
  PENDING_CAP_HOURS,
  recordOf,
  ResourceKey,
} from '@runik/rules';

/**
 * The open constants the simulation may try other values of (issue 18, item 5). Everything else
 * it plays is read from `@runik/rules` as the server does. Units as in the rules: rates in
 * resource units per RUNIK, RUNIK and SWAP.HIVE amounts in thousandths.
 */
export interface EconomyConstants {
  conversionRates: Record<ResourceKey, number>;
  conversionTaxPercent: number;
  /** RUNIK (thousandths, after tax) one player may gain from conversions in a game day. */
  dailyConversionCap: number;
  buildingExponents: Record<BuildingKey, number>;
  pendingCapHours: number;
  /** The citadel's reward curve: percent of the damage's cost in dead troops paid on floor 1, growth a floor, ceiling a floor and cap a player a day (thousandths). */
  citadelReward: CitadelRewardCurve;
  packPrices: { runik: { single: number; bulk: number }; hive: { single: number; bulk: number } };
  /** The emission budget's policy and an activation's release (thousandths). */
  emission: EmissionPolicy;
  activationRelease: number;
  /** The most a young paid account draws from the budget in a day (thousandths; `YOUNG_ACCOUNT_DAILY_SHARE`). */
  youngAccountDailyShare: number;
}

/** The constants as the rules have them today. */
export function rulesConstants(): EconomyConstants {
  return {
    conversionRates: { ...CONVERSION_RATES },
    conversionTaxPercent: CONVERSION_TAX_PERCENT,
    dailyConversionCap: DAILY_CONVERSION_CAP_RUNIK,
    buildingExponents: recordOf(BUILDING_KEYS, (key) => buildingByKey(key)!.exp),
    pendingCapHours: PENDING_CAP_HOURS,
    citadelReward: { ...CITADEL_REWARD_CURVE },
    packPrices: { runik: { ...PACK_PRICES.runik }, hive: { ...PACK_PRICES.hive } },
    emission: { ...EMISSION_POLICY },
    activationRelease: ACTIVATION_RELEASE_RUNIK,
    youngAccountDailyShare: YOUNG_ACCOUNT_DAILY_SHARE,
  };
}

type Overrides = { [key: string]: number | Overrides };

/**
 * The rules' constants with some replaced: `overrides` has the same shape, any part of it. A key the
 * constants do not have, or a value that is not a positive finite number, is refused (a typo must not
 * silently leave a constant at the rules' value).
 */
export function withOverrides(overrides: Overrides, base: EconomyConstants = rulesConstants()): EconomyConstants {
  const merge = (target: Overrides, patch: Overrides, path: string) => {
    for (const [key, value] of Object.entries(patch)) {
      const where = path ? `${path}.${key}` : key;
      if (!(key in target)) throw new Error(`Unknown constant ${where}`);
      if (typeof value === 'object' && value !== null && typeof target[key] === 'object') merge(target[key] as Overrides, value, where);
      else if (typeof value === 'number' && Number.isFinite(value) && value > 0 && typeof target[key] === 'number') target[key] = value;
      else throw new Error(`Constant ${where} must be a positive number`);
    }
  };
  const merged = structuredClone(base) as unknown as Overrides;
  merge(merged, overrides, '');
  return merged as unknown as EconomyConstants;
}

/** Reads a JSON file of overrides (`--constants`); its `"//"` keys are comments. */
export function constantsFromFile(path: string): EconomyConstants {
  const withoutComments = (value: unknown): Overrides =>
    Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== '//')
        .map(([key, inner]) => [key, typeof inner === 'object' && inner !== null ? withoutComments(inner) : (inner as number)]),
    );
  return withOverrides(withoutComments(JSON.parse(readFileSync(path, 'utf8'))));
}
