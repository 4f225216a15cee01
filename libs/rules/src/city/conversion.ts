import { CONVERSION_RATES, CONVERSION_TAX_PERCENT, RESOURCE_KEYS, ResourceAmounts, ResourceKey } from './balance-sheet';
import { floorTo } from './fixed-point';

/** A resource can be picked for conversion only when more than 0.99 of it is held. */
export const MIN_SELECTABLE_THOUSANDTHS = 990;

export interface ToRunikPreview {
  /** RUNIK credited to the player, thousandths (rounded down). */
  runikAfterTax: number;
  /** RUNIK to the tax account, thousandths. */
  tax: number;
  taxRatePercent: number;
  /** The largest amount of each selected resource that can be converted, thousandths (2 decimals). */
  maxAmount: number;
  /** What each selected resource gives up, thousandths. */
  resourceAmounts: Partial<ResourceAmounts>;
  feasible: boolean;
}

/**
 * Converting `amount` (thousandths, 2 decimals) of EACH selected resource to RUNIK at the
 * conversion rates, less the tax. Gains round down; the tax takes the rest of the gross.
 */
export function previewToRunik(selected: readonly ResourceKey[], amount: number, held: ResourceAmounts): ToRunikPreview {
  const maxAmount = selected.length === 0 ? 0 : floorTo(Math.min(...selected.map((resource) => held[resource])), 2);
  // Millionths of RUNIK keep each term exact enough before the one final rounding.
  const grossMillionths = selected.reduce((sum, resource) => sum + Math.floor((amount * 1000) / CONVERSION_RATES[resource]), 0);
  const gross = Math.floor(grossMillionths / 1000);
  const runikAfterTax = Math.floor((grossMillionths * (100 - CONVERSION_TAX_PERCENT)) / 100 / 1000);
  const resourceAmounts: Partial<ResourceAmounts> = {};
  for (const resource of selected) resourceAmounts[resource] = amount;
  const feasible =
    selected.length > 0 && amount > 0 && selected.every((resource) => held[resource] > MIN_SELECTABLE_THOUSANDTHS && held[resource] >= amount);
  return { runikAfterTax, tax: gross - runikAfterTax, taxRatePercent: CONVERSION_TAX_PERCENT, maxAmount, resourceAmounts, feasible };
}

/** RUNIK that buys the given resources at the conversion rates, thousandths rounded up. */
export function runikCostOf(resources: Partial<ResourceAmounts>): number {
  let costMillionths = 0;
  for (const resource of RESOURCE_KEYS) {
    const amount = resources[resource] ?? 0;
    costMillionths += Math.ceil((amount * 1000) / CONVERSION_RATES[resource]);
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
