import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ShopMessages, shopPaymentMemo } from '@runik/contract';
import { fromThousandths, gearBaseExp, gearCategory, shopItem, ShopReward, toThousandths, UNIT_KEYS } from '@runik/rules';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { matchPayment, recordedPayment } from '../chain/payment-matcher';
import { SwapHiveReports } from '../chain/swap-hive-reports';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues } from '../core/queues/queues';
import type { ConfirmShopPurchaseJob } from '../core/queues/queues';
import { LedgerService } from '../ledger/ledger.service';
import { Notifier } from '../notifications/notifier';
import { shopPurchaseCounts } from './shop-purchases';
import type { ShopPurchaseRow } from './shop.service';

type PendingPurchase = ShopPurchaseRow & { hive_username: string };

/**
 * Shop payments (worker only). The chain decides: a SWAP.HIVE transfer with a shop memo, recorded by
 * the chain follower, is its sender's purchase of that item, confirmed and rewarded once in one
 * transaction, reported or not. A report only waits for that, and ends invalid when its
 * transaction is not the reporter's payment.
 */
@Injectable()
export class ShopJobs {
  private readonly logger = new Logger(ShopJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: SwapHiveReports,
    private readonly cities: CityTransactions,
    private readonly ledger: LedgerService,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown (the follower may still confirm it later). */
  @JobHandler(Queues.ledger, LedgerJobs.confirmShopPurchase)
  async confirmShopPurchase({ shopPurchaseId: purchaseId }: ConfirmShopPurchaseJob, lastAttempt: boolean): Promise<void> {
    const [purchase]: PendingPurchase[] = await this.dataSource.query(
      `SELECT sp.*, p.hive_username FROM shop_purchases sp JOIN players p ON p.id = sp.player_id WHERE sp.id = $1 AND sp.status = 'pending'`,
      [purchaseId],
    );
    if (!purchase) return;
    await this.reports.check('shop_purchases', purchase, shopPaymentMemo(purchase.hive_username, purchase.item_name), lastAttempt);
  }

  /**
   * Confirms the purchase a recorded shop payment makes and grants its rewards, in the caller's
   * transaction: the reported purchase if the buyer reported it, a new one otherwise. A payment of
   * the wrong amount, for no item, for an item at its limit or whose memo names someone else is
   * unmatched.
   */
  async creditPayment(manager: EntityManager, transfer: IncomingTransfer, { itemName }: { itemName: string }): Promise<PaymentMatch> {
    const [confirmed]: { id: string }[] = await manager.query(
      `SELECT id FROM shop_purchases WHERE transaction_id = $1 AND status = 'confirmed'`,
      [transfer.transaction_id],
    );
    if (confirmed) return { matched: `shop-purchase:${confirmed.id}` };
    const item = shopItem(itemName);
    if (!item) return { unmatched: UnmatchedReasons.unknownItem };
    const verdict = matchPayment(recordedPayment(transfer), {
      kind: 'shop',
      gameAccount: this.config.GAME_ACCOUNT,
      owedThousandths: item.price,
    });
    if ('mismatch' in verdict) return { unmatched: verdict.reason };
    // One purchase decision at a time per player, as in the shop: the limit sees every earlier purchase.
    const [buyer]: { id: string }[] = await manager.query(`SELECT id FROM players WHERE hive_username = $1 FOR NO KEY UPDATE`, [
      transfer.sender,
    ]);
    if (!buyer) return { unmatched: UnmatchedReasons.paymentFromStranger };
    const playerId = Number(buyer.id);
    const bought = (await shopPurchaseCounts(manager, playerId)).get(item.name) ?? 0;
    if (item.limit !== undefined && bought >= item.limit) return { unmatched: ShopMessages.limitReached };

    const now = this.clock.now();
    // The reported purchase (pending, or given up on before the payment was processed) is the one confirmed.
    const [purchase]: { id: string }[] = await manager.query(
      `INSERT INTO shop_purchases (player_id, item_name, price_thousandths, purchase_count, status, transaction_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'confirmed', $5, $6, $6)
       ON CONFLICT (transaction_id, player_id) DO UPDATE
         SET status = 'confirmed', item_name = EXCLUDED.item_name, price_thousandths = EXCLUDED.price_thousandths,
             purchase_count = EXCLUDED.purchase_count, error = NULL, updated_at = EXCLUDED.updated_at
       RETURNING id`,
      [playerId, item.name, item.price, bought + 1, transfer.transaction_id, now],
    );
    await this.grant(manager, playerId, item.reward, purchase.id);
    await this.notifier.notify(manager, playerId, 'shop-purchase-confirmed', `shop-purchase:${purchase.id}`, {
      purchaseId: Number(purchase.id),
      itemName: item.name,
      price: fromThousandths(item.price),
      transactionId: transfer.transaction_id,
    });
    this.logger.log(`Shop purchase ${purchase.id} confirmed from the chain: ${item.name} for @${transfer.sender}`);
    return { matched: `shop-purchase:${purchase.id}` };
  }

  private async grant(manager: EntityManager, playerId: number, reward: ShopReward, purchaseId: string): Promise<void> {
    const runik = toThousandths(reward.runik ?? 0);
    const amounts = {
      runik,
      ...Object.fromEntries(Object.entries(reward.resources ?? {}).map(([key, value]) => [key, toThousandths(value)])),
    };
    await this.cities.mint(manager, playerId, amounts, 'shop-purchase', `shop-purchase:${purchaseId}`);
    // RUNIK bought with SWAP.HIVE is for the game only: no RNK came in to back a withdrawal of it.
    await this.ledger.lockRunik(manager, playerId, runik);
    if (reward.troops) {
      const troops = UNIT_KEYS.map((unit) => reward.troops?.[unit] ?? 0);
      await manager.query(
        `UPDATE cities SET infantry = infantry + $2, archers = archers + $3, cavalries = cavalries + $4 WHERE player_id = $1`,
        [playerId, ...troops],
      );
    }
    if (reward.gear) {
      const { type, rarity, level } = reward.gear;
      await manager.query(
        `INSERT INTO gears (owner_id, type, category, rarity, level, exp_value, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [playerId, type, gearCategory(type), rarity, level, gearBaseExp(rarity, level), this.clock.now()],
      );
    }
  }
}
