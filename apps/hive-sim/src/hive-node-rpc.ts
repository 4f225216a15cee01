import { ChainRuleError, RPC_INVALID_PARAMS, RPC_METHOD_NOT_FOUND, RpcError } from './errors';
import { legacyAsset, legacyTransaction, naiAsset } from './hf26';
import type { HiveChain } from './hive-chain';
import { accountObject, annotatedTransaction, dynamicGlobalProperties, hf26Block, legacyBlock } from './hive-node-objects';
import { isRecord, type RpcHandler } from './json-rpc';
import type { Ledger } from './ledger';

export interface PriceFeed {
  base: string;
  quote: string;
}

type Method = (args: unknown) => unknown;

/**
 * The Hive node's APIs, reached either as `<api>.<method>` with the arguments as params, or as
 * `call` with params [api, method, arguments]. condenser_api takes an argument list and writes
 * amounts as '1.000 HIVE'; the others take an argument object and write amounts as NAI objects.
 */
export function hiveNodeHandler(chain: HiveChain, ledger: Ledger, priceFeed: PriceFeed): RpcHandler {
  const apis: Record<string, Record<string, Method>> = {
    condenser_api: {
      get_accounts: (args) =>
        accountNames(list(args)[0], '[[account names]]').map((name) => accountObject(ledger.account(name), legacyAsset)),
      get_dynamic_global_properties: () => dynamicGlobalProperties(chain, legacyAsset),
      get_current_median_history_price: () => priceFeed,
      broadcast_transaction: (args) => {
        chain.broadcast(list(args)[0]);
        return {};
      },
      broadcast_transaction_synchronous: (args) => chain.broadcast(list(args)[0]),
      get_block: (args) => {
        const block = chain.block(blockNumber(list(args)[0]));
        return block && legacyBlock(block);
      },
      get_transaction: (args) => {
        const id = transactionId(list(args)[0]);
        const found = chain.findTransaction(id);
        if (!found) throw new ChainRuleError(`Unknown Transaction ${id}`);
        return annotatedTransaction(found.block, found.index);
      },
    },
    database_api: {
      find_accounts: (args) => ({
        accounts: accountNames(record(args)['accounts'], '{accounts: [account names]}').map((name) =>
          accountObject(ledger.account(name), naiAsset),
        ),
      }),
      get_dynamic_global_properties: () => dynamicGlobalProperties(chain, naiAsset),
    },
    network_broadcast_api: {
      broadcast_transaction: (args) => {
        chain.broadcast(legacyTransaction(record(args)['trx']));
        return {};
      },
    },
    transaction_status_api: {
      find_transaction: (args) => transactionStatus(chain, record(args)),
    },
    block_api: {
      get_block: (args) => {
        const block = chain.block(blockNumber(record(args)['block_num']));
        return block ? { block: hf26Block(block) } : {};
      },
    },
  };

  return (method, params) => {
    const [api, name, args] = splitCall(method, params);
    const methods = typeof api === 'string' && Object.hasOwn(apis, api) ? apis[api] : {};
    if (typeof name !== 'string' || !Object.hasOwn(methods, name)) throw new RpcError(RPC_METHOD_NOT_FOUND, `method not found: ${method}`);
    return methods[name](args);
  };
}

/**
 * transaction_status_api.find_transaction with hived's statuses. The sim has no mempool and
 * every block is irreversible at once, so a transaction is either in a block, or unknown
 * (expired_irreversible once its given expiration has passed).
 */
function transactionStatus(chain: HiveChain, { transaction_id, expiration }: Record<string, unknown>): Record<string, unknown> {
  const found = chain.findTransaction(transactionId(transaction_id));
  if (found) return { status: 'within_irreversible_block', block_num: found.block.number };
  if (expiration === undefined) return { status: 'unknown' };
  const expiresAt = typeof expiration === 'string' ? Date.parse(`${expiration}Z`) : NaN;
  if (Number.isNaN(expiresAt)) throw new RpcError(RPC_INVALID_PARAMS, `invalid expiration ${JSON.stringify(expiration)}`);
  return { status: expiresAt <= Date.now() ? 'expired_irreversible' : 'unknown' };
}

/** [api, method, arguments] from either request style. */
function splitCall(method: string, params: unknown): [unknown, unknown, unknown] {
  if (method === 'call') return Array.isArray(params) ? [params[0], params[1], params[2]] : [null, null, null];
  const dot = method.indexOf('.');
  return [method.slice(0, dot), method.slice(dot + 1), params];
}

function list(args: unknown): unknown[] {
  return Array.isArray(args) ? args : [];
}

function record(args: unknown): Record<string, unknown> {
  return isRecord(args) ? args : {};
}

function accountNames(names: unknown, expected: string): unknown[] {
  if (!Array.isArray(names)) throw new RpcError(RPC_INVALID_PARAMS, `expected ${expected}`);
  return names;
}

function blockNumber(value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 0) throw new RpcError(RPC_INVALID_PARAMS, 'expected a block number');
  return value as number;
}

/** A transaction id: 40 hex digits, as hived parses one. */
function transactionId(value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9a-fA-F]{40}$/.test(value)) {
    throw new ChainRuleError(`Transaction hash '${String(value)}' has invalid size. Transaction hash should have size of 160 bits`);
  }
  return value.toLowerCase();
}
