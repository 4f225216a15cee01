import type { KeyRole } from '@hiveio/dhive';
import { formatAmount } from './assets';
import { RPC_INVALID_PARAMS, RPC_METHOD_NOT_FOUND, RpcError } from './errors';
import type { HiveChain } from './hive-chain';
import { hiveTime } from './hive-time';
import type { RpcHandler } from './json-rpc';
import type { Account, Ledger } from './ledger';

export interface PriceFeed {
  base: string;
  quote: string;
}

/**
 * The Hive node's condenser_api, reached either as `condenser_api.<method>` with the
 * arguments as params, or as `call` with params [api, method, arguments].
 */
export function hiveNodeHandler(chain: HiveChain, ledger: Ledger, priceFeed: PriceFeed): RpcHandler {
  const methods: Record<string, (args: unknown[]) => unknown> = {
    get_accounts: ([names]) => {
      if (!Array.isArray(names)) throw new RpcError(RPC_INVALID_PARAMS, 'expected [[account names]]');
      return names.map((name) => condenserAccount(ledger.account(name)));
    },
    get_dynamic_global_properties: () => dynamicGlobalProperties(chain),
    get_current_median_history_price: () => priceFeed,
    broadcast_transaction: ([transaction]) => {
      chain.broadcast(transaction);
      return {};
    },
    broadcast_transaction_synchronous: ([transaction]) => chain.broadcast(transaction),
  };

  return (method, params) => {
    const [api, name, args] = splitCall(method, params);
    const known = api === 'condenser_api' && typeof name === 'string' && Object.hasOwn(methods, name);
    if (!known) throw new RpcError(RPC_METHOD_NOT_FOUND, `method not found: ${method}`);
    return methods[name](Array.isArray(args) ? args : []);
  };
}

/** [api, method, arguments] from either request style. */
function splitCall(method: string, params: unknown): [unknown, unknown, unknown] {
  if (method === 'call') return Array.isArray(params) ? [params[0], params[1], params[2]] : [null, null, null];
  const dot = method.indexOf('.');
  return [method.slice(0, dot), method.slice(dot + 1), params];
}

function dynamicGlobalProperties(chain: HiveChain): Record<string, unknown> {
  const head = chain.head;
  return {
    id: 0,
    head_block_number: head.number,
    head_block_id: head.id,
    time: hiveTime(),
    current_witness: 'hive-sim',
    last_irreversible_block_num: head.number,
    current_aslot: head.number,
    num_pow_witnesses: 0,
    virtual_supply: '0.000 HIVE',
    current_supply: '0.000 HIVE',
    current_hbd_supply: '0.000 HBD',
    total_vesting_fund_hive: '0.000 HIVE',
    total_vesting_shares: '0.000000 VESTS',
    hbd_interest_rate: 0,
    maximum_block_size: 65536,
  };
}

function condenserAccount(account: Account): Record<string, unknown> {
  const authority = (role: KeyRole) => ({
    weight_threshold: 1,
    account_auths: [],
    key_auths: [[account.publicKeys[role], 1]],
  });
  const balance = (symbol: 'HIVE' | 'HBD') => `${formatAmount(account.balances.get(symbol) ?? 0n, symbol)} ${symbol}`;
  return {
    id: account.id,
    name: account.name,
    owner: authority('owner'),
    active: authority('active'),
    posting: authority('posting'),
    memo_key: account.publicKeys.memo,
    json_metadata: '',
    posting_json_metadata: '',
    proxy: '',
    created: account.created,
    recovery_account: 'hive-sim',
    post_count: 0,
    reputation: 0,
    balance: balance('HIVE'),
    hbd_balance: balance('HBD'),
    savings_balance: '0.000 HIVE',
    savings_hbd_balance: '0.000 HBD',
    vesting_shares: '0.000000 VESTS',
    delegated_vesting_shares: '0.000000 VESTS',
    received_vesting_shares: '0.000000 VESTS',
  };
}
