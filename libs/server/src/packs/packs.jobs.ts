import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SwapHivePaymentFailures, packPaymentMemo } from '@runik/contract';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { swapHivePaymentProblem } from '../chain/swap-hive-payment';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { isUniqueViolation } from '../core/database/pg-errors';
import { RetryLater } from '../core/queues/queues';
import type { PackPurchaseRow } from './packs.service';

type PendingPurchase = PackPurchaseRow & { hive_username: string };

/**
 * Confirms SWAP.HIVE pack payments on Hive Engine (worker only). A purchase leaves 'pending' once
 * (conditional update), and a transaction confirms one purchase (partial unique index).
 */
@Injectable()
export class PackJobs {
  private readonly logger = new Logger(PackJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly clock: Clock,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown. */
  async confirmPackPurchase(purchaseId: number, lastAttempt: boolean): Promise<void> {
    const [purchase]: PendingPurchase[] = await this.dataSource.query(
      `SELECT pp.*, p.hive_username FROM pack_purchases pp JOIN players p ON p.id = pp.player_id WHERE pp.id = $1 AND pp.status = 'pending'`,
      [purchaseId],
    );
    if (!purchase?.transaction_id) return;
    const transaction = await this.hiveEngine.transactionInfo(purchase.transaction_id);
    if (!transaction) {
      if (lastAttempt) return this.settle(purchaseId, 'invalid', SwapHivePaymentFailures.notFound);
      throw new RetryLater(`Pack payment ${purchase.transaction_id} not processed yet`);
    }
    const problem = swapHivePaymentProblem(transaction, {
      from: purchase.hive_username,
      to: this.config.GAME_ACCOUNT,
      thousandths: Number(purchase.price_thousandths),
      memo: packPaymentMemo(purchase.hive_username, purchase.pack_count),
    });
    try {
      await this.settle(purchaseId, problem ? 'invalid' : 'confirmed', problem);
    } catch (error) {
      if (!isUniqueViolation(error, 'pack_purchases_transaction_confirmed')) throw error;
      await this.settle(purchaseId, 'invalid', SwapHivePaymentFailures.alreadyUsed);
    }
  }

  private async settle(purchaseId: number, status: 'confirmed' | 'invalid', error: string | null): Promise<void> {
    await this.dataSource.query(`UPDATE pack_purchases SET status = $2, error = $3, updated_at = $4 WHERE id = $1 AND status = 'pending'`, [
      purchaseId,
      status,
      error,
      this.clock.now(),
    ]);
    if (error) this.logger.warn(`Pack purchase ${purchaseId} invalid: ${error}`);
    else this.logger.log(`Pack purchase ${purchaseId} confirmed`);
  }
}
