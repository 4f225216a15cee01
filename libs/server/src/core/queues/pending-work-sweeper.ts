import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
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
    const rows = <T>(sql: string) => this.dataSource.query<T[]>(`${sql} ORDER BY id LIMIT ${SWEEP_BATCH}`);
    const [registrations, deposits, withdrawals, packPurchases, shopPurchases] = await Promise.all([
      rows<{ id: string; transaction_id: string; hive_username: string }>(
        `SELECT id, transaction_id, hive_username FROM registrations WHERE status = 'pending'`,
      ),
      rows<{ id: string; transaction_id: string; player_id: string }>(
        `SELECT id, transaction_id, player_id FROM deposits WHERE status = 'pending'`,
      ),
      rows<{ id: string }>(`SELECT id FROM withdrawals WHERE status IN ('pending', 'sent')`),
      rows<{ id: string }>(`SELECT id FROM pack_purchases WHERE status = 'pending'`),
      rows<{ id: string }>(`SELECT id FROM shop_purchases WHERE status = 'pending'`),
    ]);
    return [
      ...registrations.map((row) =>
        ledgerJobs.registration({ id: Number(row.id), transactionId: row.transaction_id, hiveUsername: row.hive_username }, this.config),
      ),
      ...deposits.map((row) =>
        ledgerJobs.deposit({ id: Number(row.id), transactionId: row.transaction_id, playerId: Number(row.player_id) }, this.config),
      ),
      ...withdrawals.map((row) => ledgerJobs.withdrawal(Number(row.id), this.config)),
      ...packPurchases.map((row) => ledgerJobs.packPurchase(Number(row.id), this.config)),
      ...shopPurchases.map((row) => ledgerJobs.shopPurchase(Number(row.id), this.config)),
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
