import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ChainTransferStatus } from '@runik/contract';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import { DataSource, EntityManager } from 'typeorm';
import { chainTime, ChainTransfer, transfersOf } from '../chain/chain-transfers';
import { EngineBlock, HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { compiledOnce, db, firstRow, rows } from '../core/database/sql';
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
export async function followedBlock(manager: EntityManager): Promise<number | null> {
  const row = await firstRow(manager, db.selectFrom('chain_cursor').select('block_number').where('name', '=', HIVE_ENGINE_CURSOR));
  return row ? row.block_number : null;
}

/** Why the follower stopped (the chain it reads is not the one it recorded), and since when; null while it follows. */
export async function followerMismatch(manager: EntityManager): Promise<{ message: string; since: Date } | null> {
  const row = await firstRow(
    manager,
    db.selectFrom('chain_cursor').select(['mismatch', 'mismatch_since']).where('name', '=', HIVE_ENGINE_CURSOR),
  );
  return row?.mismatch ? { message: row.mismatch, since: row.mismatch_since ?? new Date(0) } : null;
}

interface Cursor {
  blockNumber: number;
  /** The recorded block's hash; null before the follower has read one (or from a node that serves none). */
  hash: string | null;
  mismatch: string | null;
}

/**
 * Follows Hive Engine's blocks in order from a cursor in PostgreSQL and records every token transfer
 * to or from the game account, once (keyed by transaction id and log index). The cursor moves in the
 * same transaction as the transfers it covers, and never past a block it has not read. The payers of
 * the payments it records hear that they were seen on chain once it commits (`payment-seen`).
 */
@Injectable()
export class ChainFollower {
  private readonly logger = new Logger(ChainFollower.name);
  /** Whether this process has checked the block it resumes from against the chain. */
  private resumeChecked = false;
  /** While catching up, the next batch's blocks, read from the node while the batch before is settled. */
  private readAhead: { from: number; blocks: Promise<EngineBlock[]> } | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly push: NotificationPush,
    private readonly clock: Clock,
  ) {}

  /**
   * Records the next batch of blocks; answers how many (0 when caught up, when another worker follows, or
   * while the chain is not the one recorded). Before it reads on, it checks that the chain is the one it
   * recorded: the node's head is not below the cursor, the node's block at the cursor (on resuming, or
   * after a mismatch) and the predecessor of the next block have the hash recorded. A mismatch stops it
   * and is written down for the health checks and the metrics; the chain coming back resumes it.
   */
  async followBatch(): Promise<number> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const [{ locked }] = await rows(manager, lockStatement());
      if (!locked) return 0;
      const latest = await this.hiveEngine.latestBlockNumber();
      const cursor = await this.cursor(manager, latest);
      if (latest < cursor.blockNumber) {
        return this.stop(
          manager,
          cursor,
          `Hive Engine's head block ${latest} is below the chain follower's cursor ${cursor.blockNumber}: the chain started over or the node serves another chain. The follower stopped; nothing paid on this chain is credited until it is the recorded chain again (or, in development, npm run reset).`,
        );
      }
      if (cursor.hash === null || cursor.mismatch !== null || !this.resumeChecked) {
        const mismatch = await this.checkResumeBlock(manager, cursor, latest);
        if (mismatch !== null) return this.stop(manager, cursor, mismatch);
      }
      if (latest === cursor.blockNumber) return 0;
      const blocks = await this.blocksAfter(cursor.blockNumber, latest);
      if (blocks.length === 0) return 0;
      const after = blocks[0].previousHash;
      if (cursor.hash !== null && typeof after === 'string' && after !== cursor.hash) {
        return this.stop(
          manager,
          cursor,
          `Hive Engine's block ${cursor.blockNumber + 1} (head ${latest}) follows a block ${cursor.blockNumber} of hash ${after}, not the chain follower's cursor ${cursor.blockNumber} of hash ${cursor.hash}: the node serves another chain. The follower stopped.`,
        );
      }
      const transfers = blocks.flatMap((block) =>
        block.transactions.flatMap((transaction) => transfersOf(transaction, chainTime(block.timestamp), this.config.GAME_ACCOUNT)),
      );
      await this.record(manager, transfers);
      const last = blocks[blocks.length - 1];
      await rows(manager, moveCursorStatement(last.blockNumber, typeof last.hash === 'string' ? last.hash : null, this.clock.now()));
      if (last.blockNumber < latest) this.readAheadFrom(last.blockNumber + 1, latest);
      return blocks.length;
    });
  }

  /**
   * Compares the node's block at the cursor with the hash recorded (a cursor without one takes the
   * node's); answers why they differ, or null (clearing a mismatch recorded before: the chain is back).
   */
  private async checkResumeBlock(manager: EntityManager, cursor: Cursor, latest: number): Promise<string | null> {
    const block = await this.hiveEngine.block(cursor.blockNumber);
    // Nothing to compare with (a cursor before the chain's first block): the next block's predecessor is checked.
    if (!block && cursor.hash !== null) throw new Error(`Hive Engine serves no block ${cursor.blockNumber} although its head is ${latest}`);
    const hash = typeof block?.hash === 'string' ? block.hash : null;
    if (cursor.hash !== null && hash !== null && hash !== cursor.hash) {
      return `Hive Engine's block ${cursor.blockNumber} (head ${latest}) has hash ${hash}, not the chain follower's cursor ${cursor.blockNumber} of hash ${cursor.hash}: the chain started over or the node serves another chain. The follower stopped; nothing paid on this chain is credited until it is the recorded chain again (or, in development, npm run reset).`;
    }
    if (cursor.hash === null && hash !== null) {
      await rows(manager, db.updateTable('chain_cursor').set({ block_hash: hash }).where('name', '=', HIVE_ENGINE_CURSOR));
      cursor.hash = hash;
    }
    if (cursor.mismatch !== null) {
      await rows(
        manager,
        db.updateTable('chain_cursor').set({ mismatch: null, mismatch_since: null }).where('name', '=', HIVE_ENGINE_CURSOR),
      );
      this.logger.log(`The chain at the follower's cursor ${cursor.blockNumber} is the recorded one again: following resumes.`);
    }
    this.resumeChecked = true;
    return null;
  }

  /** Records why the follower stopped (logged when new or changed) and reads nothing: answers 0 blocks. */
  private async stop(manager: EntityManager, cursor: Cursor, message: string): Promise<number> {
    this.resumeChecked = false;
    // Blocks read ahead may be of the chain that stopped it: read afresh once it resumes.
    this.readAhead = null;
    if (cursor.mismatch !== message) {
      this.logger.error(`Chain follower stopped: ${message}`);
      await rows(
        manager,
        db
          .updateTable('chain_cursor')
          .set((eb) => ({ mismatch: message, mismatch_since: eb.fn.coalesce('mismatch_since', eb.val(this.clock.now())) }))
          .where('name', '=', HIVE_ENGINE_CURSOR),
      );
    }
    return 0;
  }

  /** The last block recorded; on the first run, the block before CHAIN_FOLLOW_START_BLOCK or the newest. */
  private async cursor(manager: EntityManager, latest: number): Promise<Cursor> {
    const start = this.config.CHAIN_FOLLOW_START_BLOCK === undefined ? latest : Math.max(0, this.config.CHAIN_FOLLOW_START_BLOCK - 1);
    await rows(manager, startCursorStatement(start, this.clock.now()));
    const [row] = await rows(manager, cursorStatement());
    return { blockNumber: row.block_number, hash: row.block_hash, mismatch: row.mismatch };
  }

  /**
   * The next batch after the cursor: the blocks read ahead when they start there (a failed reading is read again),
   * else read now. A batch read ahead is checked like one read now (its first block must follow the cursor).
   */
  private blocksAfter(cursorBlock: number, latest: number): Promise<EngineBlock[]> {
    const ahead = this.readAhead;
    this.readAhead = null;
    const from = cursorBlock + 1;
    if (ahead?.from === from) return ahead.blocks.catch(() => this.fetchBatch(from, latest));
    return this.fetchBatch(from, latest);
  }

  /** Starts reading the next batch (catching up), so that the node's answers arrive while this batch is settled. */
  private readAheadFrom(from: number, latest: number): void {
    const blocks = this.fetchBatch(from, latest);
    // Read again when used; never an unhandled rejection when it is not.
    blocks.catch(() => undefined);
    this.readAhead = { from, blocks };
  }

  /** A batch from `from`: up to BLOCKS_PER_BATCH blocks, none past `latest`. */
  private fetchBatch(from: number, latest: number): Promise<EngineBlock[]> {
    return this.fetchBlocks(from, Math.min(latest, from + BLOCKS_PER_BATCH - 1));
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
    const seen = await rows(
      manager,
      recordStatement(
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
      ),
    );
    this.push.paymentsSeen(
      manager,
      seen.map((row) => ({ transactionId: row.transaction_id, playerId: row.player_id })),
    );
  }

  private initialStatus(transfer: ChainTransfer): ChainTransferStatus {
    if (transfer.sender === this.config.GAME_ACCOUNT) return 'outgoing';
    if (this.config.TREASURY_ACCOUNTS.includes(transfer.sender)) return 'treasury';
    return 'waiting';
  }
}

// Each batch of the catch-up runs these statements (benchmarked): compiled once.
const lockStatement = compiledOnce(() => db.selectNoFrom(sql<boolean>`pg_try_advisory_xact_lock(${FOLLOWER_LOCK})`.as('locked')));

const startCursorStatement = compiledOnce((start: number, now: Date) =>
  db
    .insertInto('chain_cursor')
    .values({ name: HIVE_ENGINE_CURSOR, block_number: start, updated_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing()),
);

const cursorStatement = compiledOnce(() =>
  db.selectFrom('chain_cursor').select(['block_number', 'block_hash', 'mismatch']).where('name', '=', HIVE_ENGINE_CURSOR),
);

const moveCursorStatement = compiledOnce((blockNumber: number, hash: string | null, now: Date) =>
  db
    .updateTable('chain_cursor')
    .set({ block_number: blockNumber, block_hash: hash, updated_at: now, mismatch: null, mismatch_since: null })
    .where('name', '=', HIVE_ENGINE_CURSOR),
);

/** Records transfers (one array per column), once each; answers the payments recorded now (waiting) and their payers, if players. */
const recordStatement = compiledOnce(
  (
    transactionIds: string[],
    logIndexes: number[],
    blockNumbers: number[],
    blockTimes: Date[],
    senders: string[],
    recipients: string[],
    symbols: string[],
    quantities: string[],
    memos: string[],
    statuses: ChainTransferStatus[],
    now: Date,
  ) =>
    db
      .with('recorded', (qb) =>
        qb
          .insertInto('chain_transfers')
          .columns([
            'transaction_id',
            'log_index',
            'block_number',
            'block_time',
            'sender',
            'recipient',
            'symbol',
            'quantity',
            'memo',
            'status',
            'recorded_at',
            'updated_at',
          ])
          .expression(
            sql`SELECT *, ${now}::timestamptz, ${now}::timestamptz
              FROM unnest(${transactionIds}::varchar[], ${logIndexes}::int[], ${blockNumbers}::bigint[], ${blockTimes}::timestamptz[], ${senders}::varchar[], ${recipients}::varchar[], ${symbols}::varchar[], ${quantities}::varchar[], ${memos}::text[], ${statuses}::varchar[])`,
          )
          .onConflict((conflict) => conflict.columns(['transaction_id', 'log_index']).doNothing())
          .returning(['transaction_id', 'sender', 'status']),
      )
      .selectFrom('recorded')
      .leftJoin('players', 'players.hive_username', 'recorded.sender')
      .select(['recorded.transaction_id', 'players.id as player_id'])
      .distinct()
      .where('recorded.status', '=', 'waiting'),
);
