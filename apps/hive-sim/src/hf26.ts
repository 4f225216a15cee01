/**
 * The two JSON forms of hived's APIs: condenser_api speaks "legacy" ('1.000 HIVE', operations as
 * [name, body]); database_api, block_api and network_broadcast_api speak "HF26" (NAI asset objects,
 * operations as {type: '<name>_operation', value}). The sim keeps transactions in the legacy form.
 */
import type { SignedTransaction } from '@hiveio/dhive';
import { formatDecimal, parseHiveAsset } from '@runik/rules';
import { ChainRuleError } from './errors';
import { isRecord } from './json-rpc';

/** Hive's native assets: their NAI (asset id with a check digit) and precision. */
export const NATIVE_ASSETS = {
  HIVE: { nai: '@@000000021', precision: 3 },
  HBD: { nai: '@@000000013', precision: 3 },
  VESTS: { nai: '@@000000037', precision: 6 },
} as const;

export type NativeSymbol = keyof typeof NATIVE_ASSETS;

export interface NaiAsset {
  amount: string;
  precision: number;
  nai: string;
}

export const legacyAsset = (units: bigint, symbol: NativeSymbol): string =>
  `${formatDecimal(units, NATIVE_ASSETS[symbol].precision)} ${symbol}`;

export const naiAsset = (units: bigint, symbol: NativeSymbol): NaiAsset => {
  const { precision, nai } = NATIVE_ASSETS[symbol];
  return { amount: units.toString(), precision, nai };
};

/** How an API writes an amount of minor units. */
export type AssetFormat = typeof legacyAsset | typeof naiAsset;

/** The asset fields of the operations the sim stores, which the HF26 form writes as NAI objects. */
const ASSET_FIELDS: Partial<Record<string, string[]>> = { transfer: ['amount'] };

/** A transaction in the HF26 form, or in the legacy form already, converted to the legacy form. */
export function legacyTransaction(transaction: unknown): unknown {
  if (!isRecord(transaction) || !Array.isArray(transaction['operations'])) return transaction;
  return { ...transaction, operations: transaction['operations'].map(legacyOperation) };
}

/** A stored (legacy) transaction in the HF26 form. */
export function hf26Transaction(transaction: SignedTransaction): Record<string, unknown> {
  const operations = transaction.operations.map(({ 0: name, 1: body }) => {
    const value: Record<string, unknown> = { ...body };
    for (const field of ASSET_FIELDS[name] ?? []) value[field] = toNai(body[field]);
    return { type: `${name}_operation`, value };
  });
  return { ...transaction, operations };
}

function legacyOperation(operation: unknown): unknown {
  if (!isRecord(operation) || typeof operation['type'] !== 'string' || !isRecord(operation['value'])) return operation;
  const body = Object.fromEntries(
    Object.entries(operation['value']).map(([field, value]) => [field, isRecord(value) && 'nai' in value ? fromNai(value) : value]),
  );
  return [operation['type'].replace(/_operation$/, ''), body];
}

/** '1.000 HIVE' from {amount: '1000', precision: 3, nai: '@@000000021'}. */
function fromNai({ amount, precision, nai }: Record<string, unknown>): string {
  const symbol = (Object.keys(NATIVE_ASSETS) as NativeSymbol[]).find((name) => NATIVE_ASSETS[name].nai === nai);
  if (!symbol || precision !== NATIVE_ASSETS[symbol].precision || typeof amount !== 'string' || !/^\d+$/.test(amount)) {
    throw new ChainRuleError(`invalid asset ${JSON.stringify({ amount, precision, nai })}`);
  }
  return legacyAsset(BigInt(amount), symbol);
}

function toNai(text: unknown): NaiAsset {
  const asset = typeof text === 'string' ? parseHiveAsset(text) : null;
  if (!asset || (asset.symbol !== 'HIVE' && asset.symbol !== 'HBD')) throw new Error(`not a stored HIVE/HBD amount: ${String(text)}`);
  return naiAsset(BigInt(asset.thousandths), asset.symbol);
}
