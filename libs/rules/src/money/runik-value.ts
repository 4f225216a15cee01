import {
  CONVERSION_RATES,
  CONVERSION_TAX_PERCENT,
  MILITARY_BUILDINGS,
  RESOURCE_KEYS,
  ResourceAmounts,
  UnitKey,
} from '../city/balance-sheet';

/**
 * The reference rate between SWAP.HIVE and RNK (docs/shop.md): what the game counts one SWAP.HIVE
 * as worth in RNK, and so in withdrawable RUNIK (1 RUNIK withdraws as 1 RNK). Shop items and pack
 * prices are checked against it; no market is read.
 */
export const RNK_PER_SWAP_HIVE = 10;

/** RNK (thousandths) a SWAP.HIVE payment (thousandths) brings in at the reference rate. */
export function rnkValueOfSwapHive(swapHive: number): number {
  return swapHive * RNK_PER_SWAP_HIVE;
}

/**
 * RUNIK in millionths that resources (whole units) are worth at the conversion rates, before tax:
 * what buying them with RUNIK costs, and the most converting them could ever mint.
 */
export function resourcesRunikMillionths(resources: Partial<ResourceAmounts>): number {
  // Each rate divides 10^6 evenly or the fraction is dropped: a millionth of a RUNIK is far below display.
  return RESOURCE_KEYS.reduce(
    (sum, resource) => sum + Math.floor(((resources[resource] ?? 0) * 1_000_000) / CONVERSION_RATES[resource]),
    0,
  );
}

/**
 * RUNIK in millionths a troop of `unit` is worth: its training cost, as converting those resources
 * would have minted them (after the conversion tax, the lower of buying and selling them).
 */
export function troopRunikMillionths(unit: UnitKey): number {
  const building = MILITARY_BUILDINGS.find((candidate) => candidate.unitKey === unit)!;
  return Math.floor((resourcesRunikMillionths(building.costs) * (100 - CONVERSION_TAX_PERCENT)) / 100);
}
