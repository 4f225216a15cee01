import { Logger } from '@nestjs/common';
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
export async function awaitEngine(hiveNode: HiveNodeClient, transactionId: string, lastAttempt: boolean, giveUp: () => Promise<void>): Promise<void> {
  if (!lastAttempt) throw new RetryLater(`Transaction ${transactionId} not processed by Hive Engine yet`);
  if (!(await hiveNode.holds(transactionId))) return giveUp();
  logger.warn(`Transaction ${transactionId} is in a Hive block and Hive Engine has not processed it yet: its report stays pending`);
}
