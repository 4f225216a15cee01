import { formatDecimal, parseDecimal } from '@runik/rules';

interface AssetInfo {
  precision: number;
  /** 'hive' assets move by native transfers, 'engine' tokens by Hive Engine custom_json. */
  layer: 'hive' | 'engine';
  /** Balance of a new account, in minor units. */
  starting: bigint;
}

/** Everything the sim holds balances of. Amounts are always integers of minor units. */
export const ASSETS = {
  HIVE: { precision: 3, layer: 'hive', starting: 100_000n }, // 100.000 HIVE
  HBD: { precision: 3, layer: 'hive', starting: 0n },
  'SWAP.HIVE': { precision: 8, layer: 'engine', starting: 100_00000000n }, // 100 SWAP.HIVE
  RNK: { precision: 3, layer: 'engine', starting: 1_000_000n }, // 1000 RNK
} as const satisfies Record<string, AssetInfo>;

export type AssetSymbol = keyof typeof ASSETS;

export const ASSET_SYMBOLS = Object.keys(ASSETS) as AssetSymbol[];
export const ENGINE_SYMBOLS = ASSET_SYMBOLS.filter((symbol) => ASSETS[symbol].layer === 'engine');

export function isAssetSymbol(value: unknown): value is AssetSymbol {
  return typeof value === 'string' && Object.hasOwn(ASSETS, value);
}

export function isEngineSymbol(value: unknown): value is AssetSymbol {
  return isAssetSymbol(value) && ASSETS[value].layer === 'engine';
}

/** Minor units of a plain decimal string ("1", "0.5"), or null if malformed or more precise than the asset. */
export function parseAmount(text: unknown, symbol: AssetSymbol): bigint | null {
  if (typeof text !== 'string') return null;
  const units = parseDecimal(text, ASSETS[symbol].precision);
  return units === null ? null : BigInt(units);
}

/** "1000.000" for RNK, "100.00000000" for SWAP.HIVE. */
export function formatAmount(units: bigint, symbol: AssetSymbol): string {
  return formatDecimal(units, ASSETS[symbol].precision);
}
