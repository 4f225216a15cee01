import { isValidHiveUsername } from '@runik/rules';
import { ASSETS, isEngineSymbol, parseAmount, type AssetSymbol } from './assets';
import { isRecord } from './json-rpc';
import type { Ledger } from './ledger';

/** One Hive Engine contract call taken from a `ssc-mainnet-hive` custom_json. */
export interface EngineAction {
  transactionId: string;
  /** required_auths[0], else required_posting_auths[0], as Hive Engine picks it. */
  sender: string;
  /** True when the custom_json had required_auths, i.e. was signed with an active key. */
  signedWithActive: boolean;
  contract: string;
  action: string;
  payload: unknown;
}

export interface EngineEvent {
  contract: string;
  event: string;
  data: Record<string, unknown>;
}

/** What Hive Engine stores, JSON-encoded, as a transaction's `logs`. */
export type EngineLogs = { events: EngineEvent[] } | { errors: string[] };

/** Executes an action against the ledger the way Hive Engine would; only tokens/transfer is supported. */
export function executeAction(ledger: Ledger, action: EngineAction): EngineLogs {
  if (action.contract !== 'tokens' || action.action !== 'transfer') return failure('unsupported action');
  if (!action.signedWithActive) return failure('operation requires active authority');
  return transferTokens(ledger, action.sender, action.payload);
}

function transferTokens(ledger: Ledger, from: string, payload: unknown): EngineLogs {
  const { symbol, to, quantity, memo } = isRecord(payload) ? payload : {};
  if (!isEngineSymbol(symbol)) return failure('symbol does not exist');
  if (typeof quantity !== 'string' || (memo !== undefined && typeof memo !== 'string')) return failure('invalid params');
  const units = parseAmount(quantity, symbol);
  if (units === null) return failure(tooPrecise(quantity, symbol) ? 'symbol precision mismatch' : 'invalid quantity');
  if (units <= 0n) return failure('invalid quantity');
  if (typeof to !== 'string' || !isValidHiveUsername(to)) return failure('invalid to');
  if (to === from) return failure('cannot transfer to self');
  if (ledger.balance(from, symbol) < units) return failure('overdrawn balance');
  ledger.transferAll([{ from, to, symbol, units }]);
  return { events: [{ contract: 'tokens', event: 'transfer', data: { from, to, symbol, quantity } }] };
}

/** A decimal with more decimals than the token allows. */
function tooPrecise(quantity: string, symbol: AssetSymbol): boolean {
  const fraction = /^\d+\.(\d+)$/.exec(quantity)?.[1];
  return fraction !== undefined && fraction.length > ASSETS[symbol].precision;
}

function failure(message: string): EngineLogs {
  return { errors: [message] };
}
