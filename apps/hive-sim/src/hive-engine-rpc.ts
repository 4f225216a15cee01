import { isValidHiveUsername } from '@runik/rules';
import { ENGINE_SYMBOLS, formatAmount } from './assets';
import { RPC_INVALID_PARAMS, RPC_METHOD_NOT_FOUND, RpcError } from './errors';
import type { HiveEngine } from './hive-engine';
import { isRecord, type RpcHandler } from './json-rpc';
import type { Ledger } from './ledger';

export interface BalanceRecord {
  _id: number;
  account: string;
  symbol: string;
  balance: string;
  stake: string;
  pendingUnstake: string;
  delegationsIn: string;
  delegationsOut: string;
  pendingUndelegations: string;
}

const DEFAULT_LIMIT = 1000;

/** Hive Engine `/contracts`: find and findOne over tokens/balances (other tables are empty). */
export function contractsHandler(ledger: Ledger): RpcHandler {
  return (method, params) => {
    if (method !== 'find' && method !== 'findOne') throw new RpcError(RPC_METHOD_NOT_FOUND, `method not found: ${method}`);
    if (!isRecord(params) || typeof params['contract'] !== 'string' || typeof params['table'] !== 'string') {
      throw new RpcError(RPC_INVALID_PARAMS, 'expected params {contract, table, query}');
    }
    const query = isRecord(params['query']) ? params['query'] : {};
    const rows = params['contract'] === 'tokens' && params['table'] === 'balances' ? balances(ledger, query) : [];
    if (method === 'findOne') return rows[0] ?? null;
    const offset = nonNegativeInteger(params['offset'], 0);
    return rows.slice(offset, offset + nonNegativeInteger(params['limit'], DEFAULT_LIMIT));
  };
}

/** Hive Engine `/blockchain`: transaction and block lookups. */
export function blockchainHandler(engine: HiveEngine): RpcHandler {
  return (method, params) => {
    const args = isRecord(params) ? params : {};
    switch (method) {
      case 'getTransactionInfo':
        if (typeof args['txid'] !== 'string') throw new RpcError(RPC_INVALID_PARAMS, 'expected params {txid}');
        return engine.transaction(args['txid']);
      case 'getLatestBlockInfo':
        return engine.latestBlock();
      case 'getBlockInfo':
        if (!Number.isInteger(args['blockNumber'])) throw new RpcError(RPC_INVALID_PARAMS, 'expected params {blockNumber}');
        return engine.block(args['blockNumber'] as number);
      default:
        throw new RpcError(RPC_METHOD_NOT_FOUND, `method not found: ${method}`);
    }
  };
}

/** Balance rows matching every field of `query`. An account named in the query exists from then on. */
function balances(ledger: Ledger, query: Record<string, unknown>): BalanceRecord[] {
  const named = query['account'];
  if (typeof named === 'string' && isValidHiveUsername(named)) ledger.account(named);
  const rows = ledger.all().flatMap((account) =>
    ENGINE_SYMBOLS.map((symbol, index) => ({
      _id: account.id * ENGINE_SYMBOLS.length + index + 1,
      account: account.name,
      symbol,
      balance: formatAmount(account.balances.get(symbol) ?? 0n, symbol),
      stake: '0',
      pendingUnstake: '0',
      delegationsIn: '0',
      delegationsOut: '0',
      pendingUndelegations: '0',
    })),
  );
  return rows.filter((row) => Object.entries(query).every(([field, value]) => row[field as keyof BalanceRecord] === value));
}

function nonNegativeInteger(value: unknown, fallback: number): number {
  return Number.isInteger(value) && (value as number) >= 0 ? (value as number) : fallback;
}
