import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { SelectQueryBuilder } from 'kysely';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { db, rows } from '../database/sql';
import type { DB } from '../database/schema';
import { enqueue, ledgerJobs, LedgerJobSpec } from './ledger-jobs';
import { Queues } from './queues';

/** Rows per kind looked at in one sweep, oldest first; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/**
 * PostgreSQL is the record of the work, Redis only carries it: every row still waiting for the chain
 * (a registration, deposit or SWAP.HIVE purchase to confirm, a withdrawal to send or confirm) gets its
 * ledger job back if the job is gone (Redis lost its data, or the process died between commit and
 * enqueue) or ended while the row still waits. Every ledger job is idempotent, so a job enqueued
 * twice, or by two workers sweeping at once, does its work once.
 */
@Injectable()
export class PendingWorkSweeper {
  private readonly logger = new Logger(PendingWorkSweeper.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Enqueues again what lost its job; returns how many. */
  async sweep(): Promise<number> {
    let requeued = 0;
    for (const spec of await this.waitingWork()) {
      if (await this.requeueIfLost(spec)) requeued += 1;
    }
    if (requeued > 0) this.logger.warn(`Requeued ${requeued} ledger job(s) whose job was missing or had ended`);
    return requeued;
  }

  private async waitingWork(): Promise<LedgerJobSpec[]> {
    const manager = this.dataSource.manager;
    const oldest = <Row>(query: SelectQueryBuilder<DB, keyof DB, Row>) => rows(manager, query.orderBy('id').limit(SWEEP_BATCH));
    const [registrations, deposits, withdrawals, packPurchases, shopPurchases] = await Promise.all([
      oldest(db.selectFrom('registrations').select(['id', 'transaction_id', 'hive_username']).where('status', '=', 'pending')),
      oldest(db.selectFrom('deposits').select(['id', 'transaction_id', 'player_id']).where('status', '=', 'pending')),
      oldest(db.selectFrom('withdrawals').select('id').where('status', 'in', ['pending', 'sent'])),
      oldest(db.selectFrom('pack_purchases').select('id').where('status', '=', 'pending')),
      oldest(db.selectFrom('shop_purchases').select('id').where('status', '=', 'pending')),
    ]);
    return [
      ...registrations.map((row) =>
        ledgerJobs.registration({ id: row.id, transactionId: row.transaction_id, hiveUsername: row.hive_username }, this.config),
      ),
      ...deposits.map((row) => ledgerJobs.deposit({ id: row.id, transactionId: row.transaction_id, playerId: row.player_id }, this.config)),
      ...withdrawals.map((row) => ledgerJobs.withdrawal(row.id, this.config)),
      ...packPurchases.map((row) => ledgerJobs.packPurchase(row.id, this.config)),
      ...shopPurchases.map((row) => ledgerJobs.shopPurchase(row.id, this.config)),
    ];
  }

  private async requeueIfLost(spec: LedgerJobSpec): Promise<boolean> {
    const job = await this.ledgerQueue.getJob(spec.opts.jobId);
    if (job) {
      const state = await job.getState();
      // Waiting, delayed or running: it is being carried.
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return false;
      // Ended while its row still waits (e.g. retries spent during a chain outage): start it afresh.
      await job.remove();
    }
    await enqueue(this.ledgerQueue, spec);
    return true;
  }
}
