import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { ChainFollower, TransferSettlement } from '@runik/server';
import { Heartbeat } from './liveness/heartbeat';

/** How soon a new sidechain block is looked for: Hive makes one every 3 s, so a payment waits at most this long more. */
export const CHAIN_FOLLOW_INTERVAL_MS = 500;

/**
 * In every worker: follow Hive Engine's blocks (one worker at a time records them, see ChainFollower),
 * credit what they paid for, and send back what paid for nothing. A timer of the process, not a job,
 * so it needs nothing from Redis.
 */
@Injectable()
export class ChainFollow {
  private readonly logger = new Logger(ChainFollow.name);
  private running = false;

  constructor(
    private readonly follower: ChainFollower,
    private readonly settlement: TransferSettlement,
    private readonly heartbeat: Heartbeat,
  ) {}

  @Interval(CHAIN_FOLLOW_INTERVAL_MS)
  async follow(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      // Catching up after downtime: batch after batch, each credited before the next is read.
      while ((await this.follower.followBatch()) > 0) {
        await this.settlement.matchWaiting();
        await this.heartbeat.beat('chain-follow');
      }
      await this.settlement.matchWaiting();
      await this.settlement.refundUnmatched();
    } catch (error) {
      this.logger.warn(`Following the chain failed, retried in ${CHAIN_FOLLOW_INTERVAL_MS} ms: ${(error as Error).message}`);
    } finally {
      this.running = false;
      await this.heartbeat.beat('chain-follow');
    }
  }
}
