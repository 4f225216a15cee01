import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SwapHivePaymentFailures } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { RetryLater } from '../core/queues/queues';
import { awaitEngine, engineProcessed, unmatchedReason } from './engine-wait';
import { HiveEngineClient } from './hive-engine.client';
import { HiveNodeClient } from './hive-node.client';
import { matchPayment, reportedPayment } from './payment-matcher';

type ReportTable = 'pack_purchases' | 'shop_purchases';

/** What each table's purchases are paid for. */
const PAYMENT_KIND = { pack_purchases: 'pack', shop_purchases: 'shop' } as const;

/** A purchase the player reported paying for in SWAP.HIVE, still pending. */
export interface ReportedSwapHivePurchase {
  id: string;
  transaction_id: string;
  hive_username: string;
  price_thousandths: string;
}

/**
 * The job of a SWAP.HIVE purchase report (packs, shop; worker only). The chain follower confirms the
 * payment; the report only waits for it, and ends invalid when its transaction is not the reporter's
 * payment of that price with that memo, or is still unknown on the last attempt (to the Hive node too).
 */
@Injectable()
export class SwapHiveReports {
  private readonly logger = new Logger(SwapHiveReports.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly hiveNode: HiveNodeClient,
    private readonly clock: Clock,
  ) {}

  async check(table: ReportTable, purchase: ReportedSwapHivePurchase, memo: string, lastAttempt: boolean): Promise<void> {
    const transaction = await this.hiveEngine.transactionInfo(purchase.transaction_id);
    if (!transaction)
      return awaitEngine(
        { db: this.dataSource, hiveNode: this.hiveNode, now: this.clock.now() },
        purchase.transaction_id,
        lastAttempt,
        () => this.refuse(table, purchase.id, SwapHivePaymentFailures.notFound),
      );
    await engineProcessed(this.dataSource, purchase.transaction_id);
    const verdict = matchPayment(reportedPayment(transaction), {
      kind: PAYMENT_KIND[table],
      gameAccount: this.config.GAME_ACCOUNT,
      payer: purchase.hive_username,
      memo,
      owedThousandths: Number(purchase.price_thousandths),
    });
    if ('mismatch' in verdict) return this.refuse(table, purchase.id, verdict.reason);
    const unmatched = await unmatchedReason(this.dataSource, purchase.transaction_id);
    if (unmatched) return this.refuse(table, purchase.id, unmatched);
    throw new RetryLater(`${table} ${purchase.id} waits for the chain follower to reach block ${transaction.blockNumber}`);
  }

  private async refuse(table: ReportTable, purchaseId: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${table} SET status = 'invalid', error = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'`,
      [purchaseId, error, this.clock.now()],
    );
    this.logger.warn(`${table} ${purchaseId} invalid: ${error}`);
  }
}
