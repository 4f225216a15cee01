import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ShopMessages } from '@runik/contract';
import { fromThousandths, gearBaseExp, gearCategory, shopItem, ShopReward, toThousandths, UnitKey } from '@runik/rules';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { db, rows } from '../core/database/sql';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues } from '../core/queues/queues';
import type { ConfirmShopPurchaseJob } from '../core/queues/queues';
import { LedgerService } from '../ledger/ledger.service';
import { PaymentPipeline } from '../payments/payment-pipeline';
import { shopPurchaseCounts } from './shop-purchases';

/**
 * Shop payments (worker only), a kind of the payment pipeline. The chain decides: a SWAP.HIVE transfer with a shop
 * memo, recorded by the chain follower, is its sender's purchase of that item, confirmed and rewarded once in one
 * transaction, reported or not. A report only waits for that, and ends invalid when its transaction is not the
 * reporter's payment.
 */
@Injectable()
export class ShopJobs {
  constructor(
    private readonly payments: PaymentPipeline,
    private readonly cities: CityTransactions,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown (the follower may still confirm it later). */
  @JobHandler(Queues.ledger, LedgerJobs.confirmShopPurchase)
  confirmShopPurchase({ shopPurchaseId: purchaseId }: ConfirmShopPurchaseJob, lastAttempt: boolean): Promise<void> {
    return this.payments.checkReport('shop', purchaseId, lastAttempt);
  }

  /**
   * The purchase a recorded shop payment makes, with its rewards: the reported purchase if the buyer reported it, a
   * new one otherwise. A payment of another price than the item's, for no item, for an item at its limit or whose
   * memo names someone else is unmatched.
   */
  credit(manager: EntityManager, transfer: IncomingTransfer, { itemName }: { itemName: string }): Promise<PaymentMatch> {
    const item = shopItem(itemName);
    return this.payments.creditPayment(manager, transfer, {
      kind: 'shop',
      // One purchase decision at a time per player, as in the shop: the limit sees every earlier purchase.
      payer: 'locked',
      terms: async () => (item ? { owedThousandths: item.price } : { unmatched: UnmatchedReasons.unknownItem }),
      credit: async (manager, { payerId: playerId }) => {
        if (!item) return { unmatched: UnmatchedReasons.unknownItem };
        const bought = (await shopPurchaseCounts(manager, playerId)).get(item.name) ?? 0;
        if (item.limit !== undefined && bought >= item.limit) return { unmatched: ShopMessages.limitReached };
        const now = this.clock.now();
        // The reported purchase (pending, or given up on before the payment was processed) is the one confirmed.
        const [{ id }] = await rows(
          manager,
          db
            .insertInto('shop_purchases')
            .values({
              player_id: playerId,
              item_name: item.name,
              price_thousandths: item.price,
              purchase_count: bought + 1,
              status: 'confirmed',
              transaction_id: transfer.transaction_id,
              created_at: now,
              updated_at: now,
            })
            .onConflict((conflict) =>
              conflict.columns(['transaction_id', 'player_id']).doUpdateSet((eb) => ({
                status: 'confirmed',
                item_name: eb.ref('excluded.item_name'),
                price_thousandths: eb.ref('excluded.price_thousandths'),
                purchase_count: eb.ref('excluded.purchase_count'),
                error: null,
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .returning('id'),
        );
        await this.grant(manager, playerId, item.reward, id);
        return {
          id,
          playerId,
          notification: {
            kind: 'shop-purchase-confirmed',
            data: { purchaseId: id, itemName: item.name, price: fromThousandths(item.price), transactionId: transfer.transaction_id },
          },
          summary: `${item.name} for @${transfer.sender}`,
        };
      },
    });
  }

  private async grant(manager: EntityManager, playerId: number, reward: ShopReward, purchaseId: number): Promise<void> {
    const runik = toThousandths(reward.runik ?? 0);
    const amounts = {
      runik,
      ...Object.fromEntries(Object.entries(reward.resources ?? {}).map(([key, value]) => [key, toThousandths(value)])),
    };
    await this.cities.mint(manager, playerId, amounts, 'shop-purchase', `shop-purchase:${purchaseId}`);
    // RUNIK bought with SWAP.HIVE is for the game only: no RNK came in to back a withdrawal of it.
    await this.ledger.lockRunik(manager, playerId, runik);
    if (reward.troops) {
      const troops = reward.troops;
      const more = (unit: UnitKey) => troops[unit] ?? 0;
      await rows(
        manager,
        db
          .updateTable('cities')
          .set((eb) => ({
            infantry: eb('infantry', '+', more('infantry')),
            archers: eb('archers', '+', more('archers')),
            cavalries: eb('cavalries', '+', more('cavalries')),
          }))
          .where('player_id', '=', playerId),
      );
    }
    if (reward.gear) {
      const { type, rarity, level } = reward.gear;
      await rows(
        manager,
        db.insertInto('gears').values({
          owner_id: playerId,
          type,
          category: gearCategory(type),
          rarity,
          level,
          exp_value: gearBaseExp(rarity, level),
          created_at: this.clock.now(),
        }),
      );
    }
  }
}
