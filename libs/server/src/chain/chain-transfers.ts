import { sql, type Selectable } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { db, firstRow } from '../core/database/sql';
import type { ChainTransfers } from '../core/database/schema';
import type { PaymentChainProgress } from '@runik/contract';
import { EngineTransaction, parseEngineLogs, parseTransferPayload } from './hive-engine.client';

/** One tokens transfer to or from the game account, as a sidechain block recorded it. */
export interface ChainTransfer {
  transactionId: string;
  /** The transfer's position among its transaction's log events (a transaction may move tokens more than once). */
  logIndex: number;
  blockNumber: number;
  blockTime: Date;
  sender: string;
  recipient: string;
  symbol: string;
  /** A decimal string with the token's precision, as the chain wrote it. */
  quantity: string;
  memo: string;
}

/**
 * The token transfers of a processed transaction that touch `account`. A transaction with
 * `logs.errors` moved nothing, so it has none; the amounts come from the events (what moved), the
 * memo from the payload (the events do not carry it).
 */
export function transfersOf(transaction: EngineTransaction, blockTime: Date, account: string): ChainTransfer[] {
  const logs = parseEngineLogs(transaction.logs);
  if (logs.errors?.length) return [];
  const memo = parseTransferPayload(transaction.payload).memo;
  return (logs.events ?? []).flatMap((event, logIndex) => {
    const { from, to, symbol, quantity } = event.data ?? {};
    if (event.contract !== 'tokens' || event.event !== 'transfer') return [];
    if (typeof from !== 'string' || typeof to !== 'string' || typeof symbol !== 'string' || typeof quantity !== 'string') return [];
    if (from !== account && to !== account) return [];
    return [
      {
        transactionId: transaction.transactionId,
        logIndex,
        blockNumber: transaction.blockNumber,
        blockTime,
        sender: from,
        recipient: to,
        symbol,
        quantity,
        memo: typeof memo === 'string' ? memo : '',
      },
    ];
  });
}

/** Hive and Hive Engine write UTC times without a zone. */
export function chainTime(timestamp: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(timestamp) ? timestamp : `${timestamp}Z`);
}

/** A recorded transfer to the game account, as the settlement reads it from `chain_transfers`. */
export type IncomingTransfer = Pick<
  Selectable<ChainTransfers>,
  'transaction_id' | 'log_index' | 'block_number' | 'block_time' | 'sender' | 'recipient' | 'symbol' | 'quantity' | 'memo'
>;

/** What a recorded transfer paid for (`deposit:12`, `registration:3`...), or why nothing: it is then sent back with that reason. */
export type PaymentMatch = { matched: string } | { unmatched: string };

/** The reasons a transfer pays for nothing, as its refund's memo and the operators' list show them. */
export const UnmatchedReasons = {
  rnkFromStranger: 'RNK from an account with no game account',
  paymentFromStranger: 'A payment from an account with no game account',
  badQuantity: 'A quantity the game cannot read',
  twice: 'A second transfer in one transaction',
  paidAgainWhilePending: 'A second payment with the memo of one still being confirmed',
  otherToken: 'A token the game does not take',
  unknownMemo: 'A SWAP.HIVE memo the game does not know',
  memoNamesAnother: 'The memo names another account',
  unknownItem: 'The memo names no shop item',
} as const;

/**
 * Whether the chain follower has recorded the payer's transfer of this transaction to the game account
 * (the payment step `seen`): once recorded it stays, credited or not. `null` (a RUNIK purchase) was never on chain.
 */
export async function seenOnChain(
  database: DataSource | EntityManager,
  transactionId: string | null,
  payer: { playerId: number } | { username: string },
): Promise<boolean> {
  if (transactionId === null) return false;
  const recorded = db
    .selectFrom('chain_transfers')
    .select(sql<1>`1`.as('one'))
    .where('transaction_id', '=', transactionId)
    .where('status', '<>', 'outgoing')
    .limit(1);
  const row = await firstRow(
    managerOf(database),
    'playerId' in payer
      ? recorded.innerJoin('players', 'players.hive_username', 'chain_transfers.sender').where('players.id', '=', payer.playerId)
      : recorded.where('sender', '=', payer.username),
  );
  return Boolean(row);
}

/** The callers' data source (outside a transaction) or transaction's manager, as `rows` takes it. */
function managerOf(database: DataSource | EntityManager): EntityManager {
  return database instanceof DataSource ? database.manager : database;
}

/**
 * Where a reported payment stands on chain, for its status answer: `seenOnChain` (recorded by the chain
 * follower, or credited already), else, while the report is pending, `awaitingHiveEngine` when its job
 * found the transaction in a Hive block (`payments_in_block`) that Hive Engine has not processed yet.
 */
export async function paymentProgress(
  database: DataSource | EntityManager,
  transactionId: string | null,
  payer: { playerId: number } | { username: string },
  report: 'pending' | 'credited' | 'refused',
): Promise<PaymentChainProgress> {
  if (transactionId === null) return { seenOnChain: false, awaitingHiveEngine: false };
  if (report === 'credited' || (await seenOnChain(database, transactionId, payer))) return { seenOnChain: true, awaitingHiveEngine: false };
  if (report !== 'pending') return { seenOnChain: false, awaitingHiveEngine: false };
  const row = await firstRow(
    managerOf(database),
    db
      .selectFrom('payments_in_block')
      .select(sql<1>`1`.as('one'))
      .where('transaction_id', '=', transactionId),
  );
  return { seenOnChain: false, awaitingHiveEngine: Boolean(row) };
}

/** A report's status as `paymentProgress` reads it. */
export function reportState(status: string): 'pending' | 'credited' | 'refused' {
  if (status === 'pending') return 'pending';
  return status === 'completed' || status === 'confirmed' ? 'credited' : 'refused';
}
