/** The objects hived's APIs answer, with amounts in the API's asset format (legacy or NAI). */
import type { KeyRole } from '@hiveio/dhive';
import { hf26Transaction, type AssetFormat } from './hf26';
import type { HiveBlock, HiveChain } from './hive-chain';
import { hiveTime } from './hive-time';
import type { Account } from './ledger';

/** The witness said to produce every block. */
const SIM_WITNESS = 'hive-sim';
/** Blocks are not signed and have no merkle root: the sim's blocks are trusted as they are. */
const NO_MERKLE_ROOT = '0'.repeat(40);
const NO_SIGNATURE = '0'.repeat(130);
const NULL_KEY = 'STM1111111111111111111111111111111114T1Anm';

export function accountObject(account: Account, asset: AssetFormat): Record<string, unknown> {
  const authority = (role: KeyRole) => ({
    weight_threshold: 1,
    account_auths: [],
    key_auths: [[account.publicKeys[role], 1]],
  });
  const balance = (symbol: 'HIVE' | 'HBD') => asset(account.balances.get(symbol) ?? 0n, symbol);
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
    recovery_account: SIM_WITNESS,
    post_count: 0,
    reputation: 0,
    balance: balance('HIVE'),
    hbd_balance: balance('HBD'),
    savings_balance: asset(0n, 'HIVE'),
    savings_hbd_balance: asset(0n, 'HBD'),
    vesting_shares: asset(0n, 'VESTS'),
    delegated_vesting_shares: asset(0n, 'VESTS'),
    received_vesting_shares: asset(0n, 'VESTS'),
  };
}

export function dynamicGlobalProperties(chain: HiveChain, asset: AssetFormat): Record<string, unknown> {
  const head = chain.head;
  return {
    id: 0,
    head_block_number: head.number,
    head_block_id: head.id,
    time: hiveTime(),
    current_witness: SIM_WITNESS,
    last_irreversible_block_num: head.number,
    current_aslot: head.number,
    num_pow_witnesses: 0,
    virtual_supply: asset(0n, 'HIVE'),
    current_supply: asset(0n, 'HIVE'),
    current_hbd_supply: asset(0n, 'HBD'),
    total_vesting_fund_hive: asset(0n, 'HIVE'),
    total_vesting_shares: asset(0n, 'VESTS'),
    hbd_interest_rate: 0,
    maximum_block_size: 65536,
  };
}

/** condenser_api.get_block: legacy transactions annotated with their id, block and index. */
export function legacyBlock(block: HiveBlock): Record<string, unknown> {
  return signedBlock(
    block,
    block.transactions.map((_, index) => annotatedTransaction(block, index)),
  );
}

/** block_api.get_block: HF26 transactions. */
export function hf26Block(block: HiveBlock): Record<string, unknown> {
  return signedBlock(
    block,
    block.transactions.map(({ transaction }) => hf26Transaction(transaction)),
  );
}

/** condenser_api.get_transaction: a legacy transaction with its id, block and index in the block. */
export function annotatedTransaction(block: HiveBlock, index: number): Record<string, unknown> {
  const { id, transaction } = block.transactions[index];
  return { ...transaction, transaction_id: id, block_num: block.number, transaction_num: index };
}

function signedBlock(block: HiveBlock, transactions: unknown[]): Record<string, unknown> {
  return {
    previous: block.previous,
    timestamp: hiveTime(block.timestampMs),
    witness: SIM_WITNESS,
    transaction_merkle_root: NO_MERKLE_ROOT,
    extensions: [],
    witness_signature: NO_SIGNATURE,
    transactions,
    block_id: block.id,
    signing_key: NULL_KEY,
    transaction_ids: block.transactions.map(({ id }) => id),
  };
}
