import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import { db, firstRow, rows } from '../core/database/sql';
import { RetryLater } from '../core/queues/queues';
import { holdsStatus, type HiveNodeClient, type HiveTransactionStatus } from './hive-node.client';

const logger = new Logger('EngineWait');

/** What a report's job needs to wait for Hive Engine: the database (to note a payment in a block), the Hive node, the time. */
export interface EngineWait {
  manager: EntityManager;
  hiveNode: HiveNodeClient;
  now: Date;
}

/**
 * What the job of a player's report (registration, deposit, pack or shop purchase) does while Hive
 * Engine has not processed its transaction: asks the Hive node whether it has the transaction in a
 * block and, if so, notes it (`payments_in_block`: the status answers then say the payment is in a block
 * and waiting for Hive Engine), then looks again later (RetryLater); on its last attempt, gives up
 * (`giveUp`: the report ends invalid or failed) only when the Hive node does not have the transaction
 * either. One the node has in a block is a payment on chain, however late Hive Engine is: its report
 * stays pending, the job ends, and the pending-work sweeper starts it again.
 */
export async function awaitEngine(
  { manager, hiveNode, now }: EngineWait,
  transactionId: string,
  lastAttempt: boolean,
  giveUp: () => Promise<void>,
): Promise<void> {
  if (!lastAttempt) {
    // A node out of reach only delays the note: the next attempt asks again.
    if (!(await inBlockNoted(manager, transactionId))) await noteIfInBlock(manager, hiveNode, transactionId, now).catch(() => undefined);
    throw new RetryLater(`Transaction ${transactionId} not processed by Hive Engine yet`);
  }
  const status = await noteIfInBlock(manager, hiveNode, transactionId, now);
  if (!holdsStatus(status)) return giveUp();
  logger.warn(`Transaction ${transactionId} is in a Hive block and Hive Engine has not processed it yet: its report stays pending`);
}

/**
 * The Hive node's word on the transaction of a Hive Engine transaction id, noted when it is in a block, unless the
 * chain follower recorded it meanwhile (Hive Engine has processed it: the node was asked while the follower read it),
 * so a note made after the credit removed it (`PaymentPipeline.creditPayment`) is not left behind.
 */
async function noteIfInBlock(
  manager: EntityManager,
  hiveNode: HiveNodeClient,
  transactionId: string,
  now: Date,
): Promise<HiveTransactionStatus> {
  const status = await hiveNode.engineTransactionStatus(transactionId);
  if (status === 'within_reversible_block' || status === 'within_irreversible_block')
    await rows(
      manager,
      db
        .insertInto('payments_in_block')
        .columns(['transaction_id', 'noticed_at'])
        .expression(
          db
            .selectNoFrom([sql<string>`${transactionId}::varchar`.as('transaction_id'), sql<Date>`${now}::timestamptz`.as('noticed_at')])
            .where((eb) =>
              eb.not(eb.exists(eb.selectFrom('chain_transfers').select('transaction_id').where('transaction_id', '=', transactionId))),
            ),
        )
        .onConflict((conflict) => conflict.column('transaction_id').doNothing()),
    );
  return status;
}

async function inBlockNoted(manager: EntityManager, transactionId: string): Promise<boolean> {
  return Boolean(
    await firstRow(manager, db.selectFrom('payments_in_block').select('transaction_id').where('transaction_id', '=', transactionId)),
  );
}

/**
 * A report's job found its transaction on Hive Engine: it no longer waits for Hive Engine (only, perhaps,
 * for the chain follower to reach its block), so the note of `awaitEngine` goes.
 */
export async function engineProcessed(manager: EntityManager, transactionId: string): Promise<void> {
  await rows(manager, db.deleteFrom('payments_in_block').where('transaction_id', '=', transactionId));
}

/**
 * Why the chain follower sent a report's transaction back (or kept it as dust), or null while it has
 * not settled it or credited it: a report made after its payment was settled unmatched ends invalid
 * with that reason, instead of waiting for a credit that will not come.
 */
export async function unmatchedReason(manager: EntityManager, transactionId: string): Promise<string | null> {
  const row = await firstRow(
    manager,
    db
      .selectFrom('chain_transfers')
      .select('reason')
      .where('transaction_id', '=', transactionId)
      .where('status', 'in', ['unmatched', 'refunded', 'refund-failed', 'dust'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('chain_transfers as c')
              .select('c.transaction_id')
              .where('c.transaction_id', '=', transactionId)
              .where('c.status', '=', 'credited'),
          ),
        ),
      )
      .orderBy('log_index')
      .limit(1),
  );
  return row?.reason ?? null;
}
