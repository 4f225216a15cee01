import { Inject, Injectable } from '@nestjs/common';
import type { ChainTransferStatus } from '@runik/contract';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { chainTime, ChainTransfer, transfersOf } from '../chain/chain-transfers';
import { EngineBlock, HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { retryingTransaction } from '../core/database/transaction';
import { NotificationPush } from '../notifications/notification-push';

/** The cursor's name: the one chain followed today. */
const HIVE_ENGINE_CURSOR = 'hive-engine';
/**
 * The PostgreSQL advisory lock that makes one follower of all the workers: taken for the length of
 * one batch's transaction, so it cannot outlive a worker that died, and it guards exactly what it
 * must (reading the cursor, recording the blocks, moving the cursor). A BullMQ job scheduler would
 * vanish with Redis's data, which the follower must outlive.
 */
export const FOLLOWER_LOCK = 0x52554e4b_01;
/** Blocks recorded per transaction while catching up, and fetched at once from the node. */
const BLOCKS_PER_BATCH = 200;
const PARALLEL_BLOCK_FETCHES = 25;

/** The last block the follower recorded, or null before its first run (for the ops list and the metrics too). */
export async function followedBlock(db: Pick<EntityManager, 'query'>): Promise<number | null> {
  const [row]: { block_number: string }[] = await db.query(`SELECT block_number FROM chain_cursor WHERE name = $1`, [HIVE_ENGINE_CURSOR]);
  return row ? Number(row.block_number) : null;
}

/**
 * Follows Hive Engine's blocks in order from a cursor in PostgreSQL and records every token transfer
 * to or from the game account, once (keyed by transaction id and log index). The cursor moves in the
 * same transaction as the transfers it covers, and never past a block it has not read. The payers of
 * the payments it records hear that they were seen on chain once it commits (`payment-seen`).
 */
@Injectable()
export class ChainFollower {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly push: NotificationPush,
    private readonly clock: Clock,
  ) {}

  /** Records the next batch of blocks; answers how many (0 when caught up or another worker follows). */
  async followBatch(): Promise<number> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const [{ locked }]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [FOLLOWER_LOCK]);
      if (!locked) return 0;
      const latest = await this.hiveEngine.latestBlockNumber();
      const cursor = await this.cursor(manager, latest);
      if (latest <= cursor) return 0;
      const blocks = await this.fetchBlocks(cursor + 1, Math.min(latest, cursor + BLOCKS_PER_BATCH));
      if (blocks.length === 0) return 0;
      const transfers = blocks.flatMap((block) =>
        block.transactions.flatMap((transaction) => transfersOf(transaction, chainTime(block.timestamp), this.config.GAME_ACCOUNT)),
      );
      await this.record(manager, transfers);
      await manager.query(`UPDATE chain_cursor SET block_number = $2, updated_at = $3 WHERE name = $1`, [
        HIVE_ENGINE_CURSOR,
        blocks[blocks.length - 1].blockNumber,
        this.clock.now(),
      ]);
      return blocks.length;
    });
  }

  /** The last block recorded; on the first run, the block before CHAIN_FOLLOW_START_BLOCK or the newest. */
  private async cursor(manager: EntityManager, latest: number): Promise<number> {
    const start = this.config.CHAIN_FOLLOW_START_BLOCK === undefined ? latest : Math.max(0, this.config.CHAIN_FOLLOW_START_BLOCK - 1);
    await manager.query(`INSERT INTO chain_cursor (name, block_number, updated_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`, [
      HIVE_ENGINE_CURSOR,
      start,
      this.clock.now(),
    ]);
    return (await followedBlock(manager)) ?? start;
  }

  /** Blocks `from`..`to` in order, stopping before the first the node does not serve yet (never skipping one). */
  private async fetchBlocks(from: number, to: number): Promise<EngineBlock[]> {
    const blocks: EngineBlock[] = [];
    for (let first = from; first <= to; first += PARALLEL_BLOCK_FETCHES) {
      const numbers = Array.from({ length: Math.min(PARALLEL_BLOCK_FETCHES, to - first + 1) }, (_, index) => first + index);
      const fetched = await Promise.all(numbers.map((blockNumber) => this.hiveEngine.block(blockNumber)));
      for (const [index, block] of fetched.entries()) {
        if (!block || block.blockNumber !== numbers[index]) return blocks;
        blocks.push(block);
      }
    }
    return blocks;
  }

  private async record(manager: EntityManager, transfers: ChainTransfer[]): Promise<void> {
    if (transfers.length === 0) return;
    const column = <K extends keyof ChainTransfer>(key: K) => transfers.map((transfer) => transfer[key]);
    // The payments recorded now (waiting to be settled) and their payers, told after the commit.
    const seen: { transaction_id: string; player_id: string | null }[] = await manager.query(
      `WITH recorded AS (
         INSERT INTO chain_transfers
           (transaction_id, log_index, block_number, block_time, sender, recipient, symbol, quantity, memo, status, recorded_at, updated_at)
         SELECT *, $11::timestamptz, $11::timestamptz
           FROM unnest($1::varchar[], $2::int[], $3::bigint[], $4::timestamptz[], $5::varchar[], $6::varchar[], $7::varchar[], $8::varchar[], $9::text[], $10::varchar[])
         ON CONFLICT (transaction_id, log_index) DO NOTHING
         RETURNING transaction_id, sender, status
       )
       SELECT DISTINCT recorded.transaction_id, players.id AS player_id
         FROM recorded LEFT JOIN players ON players.hive_username = recorded.sender WHERE recorded.status = 'waiting'`,
      [
        column('transactionId'),
        column('logIndex'),
        column('blockNumber'),
        column('blockTime'),
        column('sender'),
        column('recipient'),
        column('symbol'),
        column('quantity'),
        column('memo'),
        transfers.map((transfer) => this.initialStatus(transfer)),
        this.clock.now(),
      ],
    );
    this.push.paymentsSeen(
      manager,
      seen.map((row) => ({ transactionId: row.transaction_id, playerId: row.player_id === null ? null : Number(row.player_id) })),
    );
  }

  private initialStatus(transfer: ChainTransfer): ChainTransferStatus {
    if (transfer.sender === this.config.GAME_ACCOUNT) return 'outgoing';
    if (this.config.TREASURY_ACCOUNTS.includes(transfer.sender)) return 'treasury';
    return 'waiting';
  }
}
