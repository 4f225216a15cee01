import type { EntityManager } from 'typeorm';
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
export interface IncomingTransfer {
  transaction_id: string;
  log_index: number;
  block_number: string;
  block_time: Date;
  sender: string;
  recipient: string;
  symbol: string;
  quantity: string;
  memo: string;
}

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
  db: Pick<EntityManager, 'query'>,
  transactionId: string | null,
  payer: { playerId: number } | { username: string },
): Promise<boolean> {
  if (transactionId === null) return false;
  const [row] = await db.query(
    'playerId' in payer
      ? `SELECT 1 FROM chain_transfers JOIN players ON players.hive_username = chain_transfers.sender
          WHERE transaction_id = $1 AND players.id = $2 AND status <> 'outgoing' LIMIT 1`
      : `SELECT 1 FROM chain_transfers WHERE transaction_id = $1 AND sender = $2 AND status <> 'outgoing' LIMIT 1`,
    [transactionId, 'playerId' in payer ? payer.playerId : payer.username],
  );
  return Boolean(row);
}

/**
 * Where a reported payment stands on chain, for its status answer: `seenOnChain` (recorded by the chain
 * follower, or credited already), else, while the report is pending, `awaitingHiveEngine` when its job
 * found the transaction in a Hive block (`payments_in_block`) that Hive Engine has not processed yet.
 */
export async function paymentProgress(
  db: Pick<EntityManager, 'query'>,
  transactionId: string | null,
  payer: { playerId: number } | { username: string },
  report: 'pending' | 'credited' | 'refused',
): Promise<PaymentChainProgress> {
  if (transactionId === null) return { seenOnChain: false, awaitingHiveEngine: false };
  if (report === 'credited' || (await seenOnChain(db, transactionId, payer))) return { seenOnChain: true, awaitingHiveEngine: false };
  if (report !== 'pending') return { seenOnChain: false, awaitingHiveEngine: false };
  const [row] = await db.query(`SELECT 1 FROM payments_in_block WHERE transaction_id = $1`, [transactionId]);
  return { seenOnChain: false, awaitingHiveEngine: Boolean(row) };
}

/** A report's status as `paymentProgress` reads it. */
export function reportState(status: string): 'pending' | 'credited' | 'refused' {
  if (status === 'pending') return 'pending';
  return status === 'completed' || status === 'confirmed' ? 'credited' : 'refused';
}
