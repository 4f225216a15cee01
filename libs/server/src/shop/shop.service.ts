import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { fromThousandths, parseDecimal, rewardTexts, SHOP_CATALOGUE, shopItem } from '@runik/rules';
import { ShopMessages, SwapHiveMessages } from '@runik/contract';
import type {
  CreateShopPurchaseRequest,
  CreateShopPurchaseResponse,
  ShopItemsResponse,
  ShopPurchasesResponse,
  ShopPurchaseStatusResponse,
  SwapHivePurchaseStatus,
} from '@runik/contract';
import { paymentProgress, reportState } from '../chain/chain-transfers';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues } from '../core/queues/queues';
import { shopPurchaseCounts } from './shop-purchases';
import { retryingTransaction } from '../core/database/transaction';
import { db, firstRow, rows } from '../core/database/sql';

/** What `shop_purchases.status` holds, narrower than its text type. */
type ShopPurchaseStatus = { status: SwapHivePurchaseStatus };

/**
 * The shop: catalogue items (libs/rules) paid in SWAP.HIVE to the game account with the wallet. A
 * purchase is recorded pending and the worker confirms the payment and grants the rewards once.
 */
@Injectable()
export class ShopService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly clock: Clock,
  ) {}

  async items(playerId: number, username: string): Promise<ShopItemsResponse> {
    const [bought, hiveBalance] = await Promise.all([
      shopPurchaseCounts(this.dataSource.manager, playerId),
      this.hiveEngine.swapHiveBalance(username),
    ]);
    return {
      items: SHOP_CATALOGUE.map((item) => {
        const count = bought.get(item.name) ?? 0;
        return {
          name: item.name,
          price: fromThousandths(item.price),
          rewards: rewardTexts(item.reward),
          nextPurchaseCount: count + 1,
          canAfford: hiveBalance >= item.price && (item.limit === undefined || count < item.limit),
          limit: item.limit ?? null,
        };
      }),
      hiveBalance: fromThousandths(hiveBalance),
    };
  }

  async create(playerId: number, { itemName, price, hiveTxId }: CreateShopPurchaseRequest): Promise<CreateShopPurchaseResponse> {
    const item = shopItem(itemName);
    if (!item) throw ApiError.badRequest(ShopMessages.unknownItem);
    if (parseDecimal(String(price).trim(), 3) !== item.price) throw ApiError.badRequest(ShopMessages.priceMismatch);
    let id: number;
    try {
      id = await retryingTransaction(this.dataSource, async (manager) => {
        // One purchase decision at a time per player: the limit and the count see every earlier purchase.
        await rows(
          manager,
          db
            .selectFrom('players')
            .select(sql<1>`1`.as('one'))
            .where('id', '=', playerId)
            .forNoKeyUpdate(),
        );
        // The same payment reported again, or confirmed from the chain before its report: the same purchase.
        const reported = await firstRow(
          manager,
          db
            .selectFrom('shop_purchases')
            .select(['id', 'item_name', 'status'])
            .where('transaction_id', '=', hiveTxId)
            .where('player_id', '=', playerId),
        );
        if (reported) {
          if (reported.item_name !== item.name || reported.status === 'invalid') throw ApiError.conflict(SwapHiveMessages.transactionUsed);
          return reported.id;
        }
        const bought = (await shopPurchaseCounts(manager, playerId)).get(item.name) ?? 0;
        if (item.limit !== undefined && bought >= item.limit) throw ApiError.conflict(ShopMessages.limitReached);
        const now = this.clock.now();
        const [row] = await rows(
          manager,
          db
            .insertInto('shop_purchases')
            .values({
              player_id: playerId,
              item_name: item.name,
              price_thousandths: item.price,
              purchase_count: bought + 1,
              status: 'pending',
              transaction_id: hiveTxId,
              created_at: now,
              updated_at: now,
            })
            .returning('id'),
        );
        return row.id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'shop_purchases_one_pending')) throw ApiError.conflict(SwapHiveMessages.pendingPurchase);
      throw error;
    }
    await enqueue(this.ledgerQueue, ledgerJobs.shopPurchase(id, this.config));
    return { success: true, purchaseId: id };
  }

  /** The player's purchases, newest first: the pending ones, or the latest 20. */
  async purchases(playerId: number, status: 'pending' | undefined): Promise<ShopPurchasesResponse> {
    let query = db
      .selectFrom('shop_purchases')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .$narrowType<ShopPurchaseStatus>();
    if (status !== undefined) query = query.where('status', '=', status);
    const purchases = await rows(this.dataSource.manager, query);
    return {
      purchases: purchases.map((row) => ({
        purchaseId: row.id,
        itemName: row.item_name,
        status: row.status,
        createdAt: row.created_at.toISOString(),
      })),
    };
  }

  /** Someone else's purchase is as unknown as a missing one. */
  async status(playerId: number, purchaseId: number): Promise<ShopPurchaseStatusResponse> {
    const row = await firstRow(
      this.dataSource.manager,
      db
        .selectFrom('shop_purchases')
        .selectAll()
        .where('id', '=', purchaseId)
        .where('player_id', '=', playerId)
        .$narrowType<ShopPurchaseStatus>(),
    );
    if (!row) throw ApiError.notFound(ShopMessages.purchaseNotFound);
    const item = shopItem(row.item_name);
    return {
      purchaseId,
      itemName: row.item_name,
      status: row.status,
      rewards: item ? rewardTexts(item.reward) : [],
      purchaseCount: row.purchase_count,
      error: row.error,
      ...(await paymentProgress(this.dataSource, row.transaction_id, { playerId }, reportState(row.status))),
    };
  }
}
