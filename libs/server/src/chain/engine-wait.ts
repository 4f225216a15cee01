import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RetryLater } from '../core/queues/queues';
import type { HiveNodeClient } from './hive-node.client';

const logger = new Logger('EngineWait');

/**
 * What the job of a player's report (registration, deposit, pack or shop purchase) does while Hive
 * Engine has not processed its transaction: looks again later (RetryLater); on its last attempt,
 * gives up (`giveUp`: the report ends invalid or failed) only when the Hive node does not have the
 * transaction either. One the node has in a block is a payment on chain, however late Hive Engine is:
 * its report stays pending, the job ends, and the pending-work sweeper starts it again.
 */
export async function awaitEngine(
  hiveNode: HiveNodeClient,
  transactionId: string,
  lastAttempt: boolean,
  giveUp: () => Promise<void>,
): Promise<void> {
  if (!lastAttempt) throw new RetryLater(`Transaction ${transactionId} not processed by Hive Engine yet`);
  if (!(await hiveNode.holds(transactionId))) return giveUp();
  logger.warn(`Transaction ${transactionId} is in a Hive block and Hive Engine has not processed it yet: its report stays pending`);
}

/**
 * Why the chain follower sent a report's transaction back (or kept it as dust), or null while it has
 * not settled it or credited it: a report made after its payment was settled unmatched ends invalid
 * with that reason, instead of waiting for a credit that will not come.
 */
export async function unmatchedReason(db: Pick<EntityManager, 'query'>, transactionId: string): Promise<string | null> {
  const [row]: { reason: string }[] = await db.query(
    `SELECT reason FROM chain_transfers WHERE transaction_id = $1 AND status IN ('unmatched', 'refunded', 'refund-failed', 'dust')
        AND NOT EXISTS (SELECT 1 FROM chain_transfers c WHERE c.transaction_id = $1 AND c.status = 'credited')
      ORDER BY log_index LIMIT 1`,
    [transactionId],
  );
  return row?.reason ?? null;
}
