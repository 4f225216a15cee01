import type { Operation } from '@hiveio/dhive';
import { parseHiveAsset } from '@runik/rules';
import { ASSETS, isAssetSymbol, type AssetSymbol } from './assets';
import { ChainRuleError } from './errors';
import { isRecord } from './json-rpc';

/** The operations the sim executes, checked and typed. */
export type ChainOperation =
  | { type: 'transfer'; from: string; to: string; symbol: AssetSymbol; units: bigint; memo: string }
  | { type: 'custom_json'; id: string; json: string; requiredAuths: string[]; requiredPostingAuths: string[] };

export interface RequiredAuthority {
  account: string;
  level: 'active' | 'posting';
}

export function parseOperation(operation: Operation): ChainOperation {
  const type = operation[0];
  const body: unknown = operation[1];
  if (!isRecord(body)) throw new ChainRuleError(`invalid ${type} operation`);
  if (type === 'transfer') return parseTransfer(body);
  if (type === 'custom_json') return parseCustomJson(body);
  throw new ChainRuleError(`operation ${type} is not supported by hive-sim (only transfer and custom_json)`);
}

/** What hived requires: the sender's active key for a transfer, the listed auths for a custom_json. */
export function requiredAuthorities(operation: ChainOperation): RequiredAuthority[] {
  if (operation.type === 'transfer') return [{ account: operation.from, level: 'active' }];
  return [
    ...operation.requiredAuths.map((account) => ({ account, level: 'active' as const })),
    ...operation.requiredPostingAuths.map((account) => ({ account, level: 'posting' as const })),
  ];
}

function parseTransfer(body: Record<string, unknown>): ChainOperation {
  const { from, to, amount, memo } = body;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof memo !== 'string') {
    throw new ChainRuleError('invalid transfer operation');
  }
  const asset = typeof amount === 'string' ? parseHiveAsset(amount) : null;
  if (!asset || !isAssetSymbol(asset.symbol) || ASSETS[asset.symbol].layer !== 'hive') {
    throw new ChainRuleError(`invalid transfer amount ${JSON.stringify(amount)}: expected like "1.000 HIVE" or "1.000 HBD"`);
  }
  if (asset.thousandths <= 0) throw new ChainRuleError('Cannot transfer a negative or zero amount');
  return { type: 'transfer', from, to, symbol: asset.symbol, units: BigInt(asset.thousandths), memo };
}

function parseCustomJson(body: Record<string, unknown>): ChainOperation {
  const { id, json, required_auths: requiredAuths, required_posting_auths: requiredPostingAuths } = body;
  const wellFormed =
    typeof id === 'string' && typeof json === 'string' && isStringArray(requiredAuths) && isStringArray(requiredPostingAuths);
  if (!wellFormed) throw new ChainRuleError('invalid custom_json operation');
  if (requiredAuths.length + requiredPostingAuths.length === 0) {
    throw new ChainRuleError('custom_json needs at least one required_auths or required_posting_auths account');
  }
  try {
    JSON.parse(json);
  } catch {
    throw new ChainRuleError('custom_json json is not valid JSON');
  }
  return { type: 'custom_json', id, json, requiredAuths, requiredPostingAuths };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
