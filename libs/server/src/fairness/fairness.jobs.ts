import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { gameDay, gameDayKey, merkleRoot } from '@runik/rules';
import { FAIRNESS_CUSTOM_JSON_ID } from '@runik/contract';
import { CUSTOM_JSON_PER_BLOCK, GameAccountTransfers } from '../chain/game-account-transfers';
import { HiveNodeClient } from '../chain/hive-node.client';
import { Clock } from '../core/clock/clock';
import { db, firstRow, rows } from '../core/database/sql';
import { retryingTransaction } from '../core/database/transaction';
import { ScheduledJob } from '../core/queues/job-handlers';
import { ScheduledJobs } from '../core/queues/queues';
import { withdrawalsAwaitingSlot } from '../wallet/withdraw.jobs';
import { readPayoutBacklog } from '../chain-follower/payout-backlog';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';

/** What the daily custom_json carries (docs/fairness.md): well under a custom_json's 8,192 bytes whatever the day's count. */
export interface FairnessPostJson {
  day: string;
  root: string;
  count: number;
}

/**
 * The daily post of the commitments' Merkle root (worker only, docs/fairness.md): once a game day has ended, the
 * commitments made before its end and not yet posted are gathered into one post (their Merkle root, in id order),
 * which the game account broadcasts as a `runik_fairness` custom_json at the lowest priority of its slots: only into
 * a block none of its other custom_json took yet, and never while a withdrawal or a refund waits to be sent. Every minute (and
 * on a game clock's move) it posts what is due, and follows a post until a node has it in a block (signing it again
 * only once the node says it expired outside any block).
 */
@Injectable()
export class FairnessJobs {
  private readonly logger = new Logger(FairnessJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transfers: GameAccountTransfers,
    private readonly hiveNode: HiveNodeClient,
    private readonly clock: Clock,
  ) {}

  @ScheduledJob(ScheduledJobs.fairnessPost, { every: 60_000 }, { runAtStart: true })
  async postCommitments(): Promise<void> {
    await this.gatherEndedDays();
    const posts = await rows(
      this.dataSource.manager,
      db
        .selectFrom('fairness_posts')
        .select(['id', 'root', 'leaf_count', 'transaction_id', 'expires_at', sql<string>`day::text`.as('day')])
        .where('block_num', 'is', null)
        .orderBy('id'),
    );
    for (const post of posts) {
      if (post.transaction_id && post.expires_at) {
        if (!(await this.follow(post.id, post.transaction_id, post.expires_at))) continue;
      }
      if (!(await this.send(post))) return;
      // hive-sim (and a fast node) has it in a block at once: noted now rather than a minute later.
      const sent = await firstRow(
        this.dataSource.manager,
        db.selectFrom('fairness_posts').select(['transaction_id', 'expires_at']).where('id', '=', post.id),
      );
      if (sent?.transaction_id && sent.expires_at) await this.follow(post.id, sent.transaction_id, sent.expires_at);
    }
  }

  /** The commitments made before today's game day began and in no post yet, as one post (the latest day among them). */
  private async gatherEndedDays(): Promise<void> {
    const todayStart = gameDay(this.clock.nowMs()).start;
    await retryingTransaction(this.dataSource, async (manager) => {
      const unposted = await rows(
        manager,
        db
          .selectFrom('fair_seeds')
          .select(['id', 'commitment', 'created_at'])
          .where('post_id', 'is', null)
          .where('created_at', '<', todayStart)
          .orderBy('id')
          .forUpdate()
          .skipLocked(),
      );
      if (unposted.length === 0) return;
      const day = gameDayKey(Math.max(...unposted.map((seed) => seed.created_at.getTime())));
      const [{ id }] = await rows(
        manager,
        db
          .insertInto('fairness_posts')
          .values({
            day: sql<Date>`${day}::date`,
            root: merkleRoot(unposted.map((seed) => seed.commitment)),
            leaf_count: unposted.length,
            created_at: this.clock.now(),
          })
          .returning('id'),
      );
      await rows(
        manager,
        db
          .updateTable('fair_seeds')
          .set({ post_id: id })
          .where(
            'id',
            'in',
            unposted.map((seed) => seed.id),
          ),
      );
    });
  }

  /** True when the post must be signed (again): its transaction expired outside any block. */
  private async follow(postId: number, transactionId: string, expiresAt: Date): Promise<boolean> {
    const { status, blockNum } = await this.hiveNode.transactionBlock(transactionId, expiresAt);
    if (blockNum !== null) {
      await rows(this.dataSource.manager, db.updateTable('fairness_posts').set({ block_num: blockNum }).where('id', '=', postId));
      return false;
    }
    return status === 'expired_irreversible' || status === 'too_old';
  }

  private async send(post: { id: number; root: string; leaf_count: number; day: string; transaction_id: string | null }): Promise<boolean> {
    // The lowest priority: never while a withdrawal or a refund waits to be sent.
    if ((await withdrawalsAwaitingSlot(this.dataSource, new Date(this.clock.machineNowMs()))) > 0) return false;
    const backlog = await readPayoutBacklog(this.dataSource.manager, this.clock.now(), this.config.REFUND_COUNT_WINDOW_MS);
    if (backlog.refund.count > 0) return false;
    const json: FairnessPostJson = { day: post.day, root: post.root, count: post.leaf_count };
    const sent = await this.transfers.sendCustomJson(
      FAIRNESS_CUSTOM_JSON_ID,
      JSON.stringify(json),
      async (prepared) => {
        const recorded = await firstRow(
          this.dataSource.manager,
          db
            .updateTable('fairness_posts')
            .set({ transaction_id: prepared.id, expires_at: prepared.expiresAt })
            .where('id', '=', post.id)
            .where('block_num', 'is', null)
            .where((eb) => (post.transaction_id ? eb('transaction_id', '=', post.transaction_id) : eb('transaction_id', 'is', null)))
            .returning('id'),
        );
        return recorded !== undefined;
      },
      CUSTOM_JSON_PER_BLOCK - 1,
    );
    if (sent) this.logger.log(`Fairness post ${post.id} (${post.day}, ${post.leaf_count} commitments) broadcast`);
    return sent;
  }
}
