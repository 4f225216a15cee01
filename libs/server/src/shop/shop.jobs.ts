import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SwapHivePaymentFailures, shopPaymentMemo } from '@runik/contract';
import { gearCategory, shopItem, ShopReward, toThousandths, UNIT_KEYS } from '@runik/rules';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { swapHivePaymentProblem } from '../chain/swap-hive-payment';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { isUniqueViolation } from '../core/database/pg-errors';
import { RetryLater } from '../core/queues/queues';
import type { ShopPurchaseRow } from './shop.service';

type PendingPurchase = ShopPurchaseRow & { hive_username: string };

/**
 * Confirms shop payments on Hive Engine (worker only) and grants the rewards in the same
 * transaction that confirms: a purchase leaves 'pending' once, so its rewards are granted once.
 */
@Injectable()
export class ShopJobs {
  private readonly logger = new Logger(ShopJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly cities: CityTransactions,
    private readonly clock: Clock,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown. */
  async confirmShopPurchase(purchaseId: number, lastAttempt: boolean): Promise<void> {
    const [purchase]: PendingPurchase[] = await this.dataSource.query(
      `SELECT sp.*, p.hive_username FROM shop_purchases sp JOIN players p ON p.id = sp.player_id WHERE sp.id = $1 AND sp.status = 'pending'`,
      [purchaseId],
    );
    if (!purchase) return;
    const transaction = await this.hiveEngine.transactionInfo(purchase.transaction_id);
    if (!transaction) {
      if (lastAttempt) return this.refuse(purchaseId, SwapHivePaymentFailures.notFound);
      throw new RetryLater(`Shop payment ${purchase.transaction_id} not processed yet`);
    }
    const problem = swapHivePaymentProblem(transaction, {
      from: purchase.hive_username,
      to: this.config.GAME_ACCOUNT,
      thousandths: Number(purchase.price_thousandths),
      memo: shopPaymentMemo(purchase.hive_username, purchase.item_name),
    });
    if (problem) return this.refuse(purchaseId, problem);
    try {
      await this.dataSource.transaction((manager) => this.confirm(manager, purchase));
    } catch (error) {
      if (!isUniqueViolation(error, 'shop_purchases_transaction_confirmed')) throw error;
      await this.refuse(purchaseId, SwapHivePaymentFailures.alreadyUsed);
    }
  }

  private async confirm(manager: EntityManager, purchase: PendingPurchase): Promise<void> {
    const confirmed = await manager.query(
      `WITH confirmed AS (UPDATE shop_purchases SET status = 'confirmed', updated_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id)
       SELECT id FROM confirmed`,
      [purchase.id, this.clock.now()],
    );
    if (confirmed.length === 0) return;
    const item = shopItem(purchase.item_name);
    if (item) await this.grant(manager, Number(purchase.player_id), item.reward, purchase.id);
    this.logger.log(`Shop purchase ${purchase.id} confirmed: ${purchase.item_name} for @${purchase.hive_username}`);
  }

  private async grant(manager: EntityManager, playerId: number, reward: ShopReward, purchaseId: string): Promise<void> {
    const amounts = { runik: toThousandths(reward.runik ?? 0), ...Object.fromEntries(Object.entries(reward.resources ?? {}).map(([key, value]) => [key, toThousandths(value)])) };
    await this.cities.mint(manager, playerId, amounts, `shop-purchase:${purchaseId}`);
    if (reward.troops) {
      const troops = UNIT_KEYS.map((unit) => reward.troops?.[unit] ?? 0);
      await manager.query(`UPDATE cities SET infantry = infantry + $2, archers = archers + $3, cavalries = cavalries + $4 WHERE player_id = $1`, [playerId, ...troops]);
    }
    if (reward.gear) {
      const { type, rarity, level } = reward.gear;
      await manager.query(`INSERT INTO gears (owner_id, type, category, rarity, level, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
        playerId,
        type,
        gearCategory(type),
        rarity,
        level,
        this.clock.now(),
      ]);
    }
  }

  private async refuse(purchaseId: number, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE shop_purchases SET status = 'invalid', error = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'`, [
      purchaseId,
      error,
      this.clock.now(),
    ]);
    this.logger.warn(`Shop purchase ${purchaseId} invalid: ${error}`);
  }
}
