import { CONVERSION_RATES, CONVERSION_TAX_PERCENT, RESOURCE_KEYS, ResourceAmounts, ResourceKey } from './balance-sheet';
import { floorTo } from './fixed-point';

/** A resource can be picked for conversion only when more than 0.99 of it is held. */
export const MIN_SELECTABLE_THOUSANDTHS = 990;

/**
 * Most RUNIK one player may gain from converting resources in a game day, after tax, thousandths
 * (docs/balance.md, "Daily conversion cap"), counted over the game day (gameDay): production beyond it waits for the next day.
 */
export const DAILY_CONVERSION_CAP_RUNIK = 300_000;

/** RUNIK (after tax, thousandths) the cap still allows, given what conversions credited since the day began. */
export function conversionLeftToday(creditedToday: number, cap = DAILY_CONVERSION_CAP_RUNIK): number {
  return Math.max(0, cap - creditedToday);
}

export interface ToRunikPreview {
  /** RUNIK credited to the player, thousandths (rounded down). */
  runikAfterTax: number;
  /** RUNIK to the tax account, thousandths. */
  tax: number;
  taxRatePercent: number;
  /** The largest amount of each selected resource that can be converted, thousandths (2 decimals): held, and within today's cap. */
  maxAmount: number;
  /** What each selected resource gives up, thousandths. */
  resourceAmounts: Partial<ResourceAmounts>;
  feasible: boolean;
}

/** The rates and tax of a conversion: the balance sheet's, or the economy simulation's proposal. */
export interface ConversionTerms {
  rates: Readonly<Record<ResourceKey, number>>;
  taxPercent: number;
}
export const CONVERSION_TERMS: ConversionTerms = { rates: CONVERSION_RATES, taxPercent: CONVERSION_TAX_PERCENT };

/**
 * Converting `amount` (thousandths, 2 decimals) of EACH selected resource to RUNIK at the
 * conversion rates, less the tax. Gains round down; the tax takes the rest of the gross.
 * `runikLeftToday` is what the daily cap still allows (thousandths of RUNIK after tax).
 */
export function previewToRunik(
  selected: readonly ResourceKey[],
  amount: number,
  held: ResourceAmounts,
  terms: ConversionTerms = CONVERSION_TERMS,
  runikLeftToday = DAILY_CONVERSION_CAP_RUNIK,
): ToRunikPreview {
  const heldMax = selected.length === 0 ? 0 : floorTo(Math.min(...selected.map((resource) => held[resource])), 2);
  const maxAmount = largestAmountWithin(selected, heldMax, runikLeftToday, terms);
  const { gross, runikAfterTax } = runikFor(selected, amount, terms);
  const resourceAmounts: Partial<ResourceAmounts> = {};
  for (const resource of selected) resourceAmounts[resource] = amount;
  const feasible =
    selected.length > 0 &&
    amount > 0 &&
    selected.every((resource) => held[resource] > MIN_SELECTABLE_THOUSANDTHS && held[resource] >= amount);
  return { runikAfterTax, tax: gross - runikAfterTax, taxRatePercent: terms.taxPercent, maxAmount, resourceAmounts, feasible };
}

function runikFor(selected: readonly ResourceKey[], amount: number, terms: ConversionTerms): { gross: number; runikAfterTax: number } {
  // Millionths of RUNIK keep each term exact enough before the one final rounding.
  const grossMillionths = selected.reduce((sum, resource) => sum + Math.floor((amount * 1000) / terms.rates[resource]), 0);
  return {
    gross: Math.floor(grossMillionths / 1000),
    runikAfterTax: Math.floor((grossMillionths * (100 - terms.taxPercent)) / 100 / 1000),
  };
}

/** The largest amount up to `heldMax` (2 decimals) whose RUNIK after tax stays within `runik`. */
function largestAmountWithin(selected: readonly ResourceKey[], heldMax: number, runik: number, terms: ConversionTerms): number {
  // In hundredths: RUNIK after tax grows with the amount, so a binary search finds the last that fits.
  let low = 0;
  let high = heldMax / 10;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (runikFor(selected, middle * 10, terms).runikAfterTax <= runik) low = middle;
    else high = middle - 1;
  }
  return low * 10;
}

/** RUNIK that buys the given resources at the conversion rates, thousandths rounded up. */
export function runikCostOf(resources: Partial<ResourceAmounts>, rates: Readonly<Record<ResourceKey, number>> = CONVERSION_RATES): number {
  let costMillionths = 0;
  for (const resource of RESOURCE_KEYS) {
    const amount = resources[resource] ?? 0;
    costMillionths += Math.ceil((amount * 1000) / rates[resource]);
  }
  return Math.ceil(costMillionths / 1000);
}

/** Max Equal: RUNIK split equally among the unlocked resources, each bought at its rate (2 decimals). */
export function maxEqualSplit(runik: number, unlocked: readonly ResourceKey[]): Partial<ResourceAmounts> {
  const split: Partial<ResourceAmounts> = {};
  if (unlocked.length === 0) return split;
  const share = runik / unlocked.length;
  for (const resource of unlocked) split[resource] = floorTo(Math.floor(share * CONVERSION_RATES[resource]), 2);
  // Rounding up each cost may still overshoot by a thousandth: trim the largest until it fits.
  while (runikCostOf(split) > runik) {
    const largest = unlocked.reduce((a, b) => ((split[a] ?? 0) >= (split[b] ?? 0) ? a : b));
    split[largest] = Math.max(0, (split[largest] ?? 0) - 10);
  }
  return split;
}
