import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { sql } from 'kysely';
import { DataSource, EntityManager } from 'typeorm';
import { formatRunik, fromThousandths, gearBaseExp, PACK_PRICES, PackCurrency, packTier, rollPacks } from '@runik/rules';
import { CityMessages, PackMessages } from '@runik/contract';
import type {
  PackInfoResponse,
  PackOpenResponse,
  PackPurchaseResponse,
  PackPurchaseStatusResponse,
  PendingPackPurchaseResponse,
} from '@runik/contract';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues } from '../core/queues/queues';
import { LedgerService } from '../ledger/ledger.service';
import { gearDto } from '../gears/gear-rows';
import { FairRolls } from '../fairness/fair-rolls';
import { lockBuyer, packPrice, packsBought, recordPackPurchase } from './pack-purchases';
import { retryingTransaction } from '../core/database/transaction';
import { paymentProgress, reportState } from '../chain/chain-transfers';
import { db, firstRow, rows } from '../core/database/sql';

/** What the columns of `pack_purchases` hold, narrower than their text type. */
type PackPurchaseKinds = { currency: PackCurrency; status: PackPurchaseStatusResponse['status'] };

/**
 * Gear packs bought with RUNIK (through the ledger, at once) or SWAP.HIVE (paid to the game account
 * with the wallet, confirmed by the worker). Each purchase records the seed and tier its gears are
 * rolled from; opening creates them once.
 */
@Injectable()
export class PacksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly rolls: FairRolls,
  ) {}

  async info(playerId: number, username: string): Promise<PackInfoResponse> {
    const manager = this.dataSource.manager;
    const [bought, { runik }, hiveBalance] = await Promise.all([
      packsBought(manager, playerId),
      this.ledger.balancesOf(manager, playerId),
      this.hiveEngine.swapHiveBalance(username),
    ]);
    const price = (currency: PackCurrency, size: 'single' | 'bulk') => PACK_PRICES[currency][size];
    return {
      prices: {
        runik: { single: fromThousandths(price('runik', 'single')), bulk: fromThousandths(price('runik', 'bulk')) },
        hive: { single: fromThousandths(price('hive', 'single')), bulk: fromThousandths(price('hive', 'bulk')) },
      },
      canAfford: {
        runik: { single: runik >= price('runik', 'single'), bulk: runik >= price('runik', 'bulk') },
        hive: { single: hiveBalance >= price('hive', 'single'), bulk: hiveBalance >= price('hive', 'bulk') },
      },
      userRunikPackCount: bought.runik,
      userHivePackCount: bought.hive,
      tier: packTier(bought.runik + bought.hive),
      balance: { hive: fromThousandths(hiveBalance), runik: fromThousandths(runik) },
    };
  }

  /** Paid through the ledger in the same transaction that records the purchase, to the burn account. */
  purchaseWithRunik(playerId: number, packCount: number): Promise<PackPurchaseResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      await lockBuyer(manager, playerId);
      const price = packPrice('runik', packCount);
      const { runik } = await this.ledger.balancesOf(manager, playerId);
      if (runik < price) throw ApiError.badRequest(CityMessages.notEnoughRunik(formatRunik(price), formatRunik(runik)));
      const id = await recordPackPurchase(manager, this.rolls, {
        playerId,
        currency: 'runik',
        packCount,
        status: 'confirmed',
        transactionId: null,
        now: this.clock.now(),
      });
      await this.ledger.post(manager, {
        reason: 'pack-purchase',
        reference: `pack-purchase:${id}`,
        legs: [
          { account: { playerId }, asset: 'runik', delta: -price },
          { account: { system: 'system:burn' }, asset: 'runik', delta: price },
        ],
      });
      return { success: true, packPurchaseId: id, packCount, status: 'confirmed' };
    });
  }

  /**
   * A reported SWAP.HIVE payment, recorded as pending; the chain follower confirms it. One pending
   * purchase per player, one purchase per transaction: the same payment reported again (or confirmed
   * from the chain before its report) answers the same purchase.
   */
  async purchaseWithHive(playerId: number, packCount: number, transactionId: string): Promise<PackPurchaseResponse> {
    let purchase: { id: number; status: 'pending' | 'confirmed' };
    try {
      purchase = await retryingTransaction(this.dataSource, async (manager) => {
        await lockBuyer(manager, playerId);
        const reported = await firstRow(
          manager,
          db
            .selectFrom('pack_purchases')
            .select(['id', 'pack_count', 'status'])
            .where('transaction_id', '=', transactionId)
            .where('player_id', '=', playerId)
            .$narrowType<Pick<PackPurchaseKinds, 'status'>>(),
        );
        if (!reported) {
          const id = await recordPackPurchase(manager, this.rolls, {
            playerId,
            currency: 'hive',
            packCount,
            status: 'pending',
            transactionId,
            now: this.clock.now(),
          });
          return { id, status: 'pending' };
        }
        if (reported.pack_count !== packCount || reported.status === 'invalid') throw ApiError.conflict(PackMessages.transactionUsed);
        return { id: reported.id, status: reported.status };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'pack_purchases_one_pending')) throw ApiError.conflict(PackMessages.pendingPurchase);
      throw error;
    }
    if (purchase.status === 'pending') await enqueue(this.ledgerQueue, ledgerJobs.packPurchase(purchase.id, this.config));
    return { success: true, packPurchaseId: purchase.id, packCount, status: purchase.status };
  }

  async pending(playerId: number): Promise<PendingPackPurchaseResponse> {
    const purchases = await rows(
      this.dataSource.manager,
      db
        .selectFrom('pack_purchases')
        .select(['id', 'status'])
        .where('player_id', '=', playerId)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'confirmed'), eb('opened_at', 'is', null)])]))
        .orderBy('id'),
    );
    const pending = purchases.find((row) => row.status === 'pending');
    return {
      hasPending: Boolean(pending),
      packPurchaseId: pending ? pending.id : null,
      unopenedPurchaseIds: purchases.filter((row) => row.status === 'confirmed').map((row) => row.id),
    };
  }

  async status(playerId: number, purchaseId: number): Promise<PackPurchaseStatusResponse> {
    const purchase = await findPurchase(this.dataSource.manager, playerId, purchaseId, false);
    return {
      packPurchaseId: purchaseId,
      status: purchase.status,
      packCount: purchase.pack_count,
      currency: purchase.currency,
      opened: purchase.opened_at !== null,
      error: purchase.error,
      // A RUNIK purchase was never on chain.
      ...(await paymentProgress(
        this.dataSource,
        purchase.currency === 'hive' ? purchase.transaction_id : null,
        { playerId },
        reportState(purchase.status),
      )),
    };
  }

  /** Rolls and creates the gears of a confirmed purchase, once: the purchase row is held while it opens. */
  open(playerId: number, purchaseId: number): Promise<PackOpenResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const purchase = await findPurchase(manager, playerId, purchaseId, true);
      if (purchase.status === 'pending') throw ApiError.conflict(PackMessages.notConfirmed);
      if (purchase.status === 'invalid') throw ApiError.conflict(PackMessages.purchaseInvalid);
      if (purchase.opened_at) throw ApiError.conflict(PackMessages.alreadyOpened);
      const now = this.clock.now();
      const seed = purchase.seed;
      const rolled = rollPacks(seed, purchase.pack_count, purchase.tier);
      const made = rolled.map((gear) => ({ ...gear, expValue: gearBaseExp(gear.rarity, gear.level) }));
      const gears = await rows(
        manager,
        db
          .insertInto('gears')
          .columns(['owner_id', 'type', 'category', 'rarity', 'level', 'exp_value', 'pack_purchase_id', 'created_at'])
          .expression(
            sql`SELECT ${playerId}, gear.type, gear.category, gear.rarity, gear.level, gear."expValue", ${purchaseId}, ${now}
                FROM jsonb_to_recordset(${JSON.stringify(made)}::jsonb) AS gear (type text, category text, rarity text, level int, "expValue" int)`,
          )
          .returningAll(),
      );
      await rows(
        manager,
        db
          .updateTable('pack_purchases')
          .set({ opened_at: now, updated_at: now, rolled: JSON.stringify(rolled) })
          .where('id', '=', purchaseId),
      );
      return { packPurchaseId: purchaseId, packCount: purchase.pack_count, seed, tier: purchase.tier, gears: gears.map(gearDto) };
    });
  }
}

/** Someone else's purchase is as unknown as a missing one. */
async function findPurchase(manager: EntityManager, playerId: number, purchaseId: number, lock: boolean) {
  const purchase = await firstRow(
    manager,
    db
      .selectFrom('pack_purchases')
      .selectAll()
      .where('id', '=', purchaseId)
      .where('player_id', '=', playerId)
      .$if(lock, (query) => query.forUpdate())
      .$narrowType<PackPurchaseKinds>(),
  );
  if (!purchase) throw ApiError.notFound(PackMessages.purchaseNotFound);
  return purchase;
}
