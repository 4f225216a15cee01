import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SwapHivePaymentFailures } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { RetryLater } from '../core/queues/queues';
import { HiveEngineClient } from './hive-engine.client';
import { swapHivePaymentProblem } from './swap-hive-payment';

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
 * payment of that price with that memo, or is still unknown on the last attempt.
 */
@Injectable()
export class SwapHiveReports {
  private readonly logger = new Logger(SwapHiveReports.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly clock: Clock,
  ) {}

  async check(table: 'pack_purchases' | 'shop_purchases', purchase: ReportedSwapHivePurchase, memo: string, lastAttempt: boolean): Promise<void> {
    const transaction = await this.hiveEngine.transactionInfo(purchase.transaction_id);
    if (!transaction) {
      if (lastAttempt) return this.refuse(table, purchase.id, SwapHivePaymentFailures.notFound);
      throw new RetryLater(`Payment ${purchase.transaction_id} (${table} ${purchase.id}) not processed yet`);
    }
    const problem = swapHivePaymentProblem(transaction, {
      from: purchase.hive_username,
      to: this.config.GAME_ACCOUNT,
      thousandths: Number(purchase.price_thousandths),
      memo,
    });
    if (problem) return this.refuse(table, purchase.id, problem);
    throw new RetryLater(`${table} ${purchase.id} waits for the chain follower to reach block ${transaction.blockNumber}`);
  }

  private async refuse(table: 'pack_purchases' | 'shop_purchases', purchaseId: string, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE ${table} SET status = 'invalid', error = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'`, [
      purchaseId,
      error,
      this.clock.now(),
    ]);
    this.logger.warn(`${table} ${purchaseId} invalid: ${error}`);
  }
}
