import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { formatRunik, fromThousandths, MAX_SEED, PACK_BULK_SIZE, PACK_PRICES, PackCurrency, packTier, rollPacks } from '@runik/rules';
import { CityMessages, PackMessages } from '@runik/contract';
import type { PackInfoResponse, PackOpenResponse, PackPurchaseResponse, PackPurchaseStatusResponse, PendingPackPurchaseResponse } from '@runik/contract';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues } from '../core/queues/queues';
import { LedgerService } from '../ledger/ledger.service';
import { gearDto, GearRow } from '../gears/gear-rows';

export interface PackPurchaseRow {
  id: string;
  player_id: string;
  currency: PackCurrency;
  pack_count: number;
  price_thousandths: string;
  tier: number;
  seed: string;
  status: PackPurchaseStatusResponse['status'];
  transaction_id: string | null;
  error: string | null;
  opened_at: Date | null;
}

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
    return this.dataSource.transaction(async (manager) => {
      await lockBuyer(manager, playerId);
      const price = priceOf('runik', packCount);
      const { runik } = await this.ledger.balancesOf(manager, playerId);
      if (runik < price) throw ApiError.badRequest(CityMessages.notEnoughRunik(formatRunik(price), formatRunik(runik)));
      const id = await this.record(manager, playerId, 'runik', packCount, 'confirmed', null);
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

  /** Recorded as pending and confirmed by the worker; one pending purchase per player, one purchase per transaction. */
  async purchaseWithHive(playerId: number, packCount: number, transactionId: string): Promise<PackPurchaseResponse> {
    let id: number;
    try {
      id = await this.dataSource.transaction(async (manager) => {
        await lockBuyer(manager, playerId);
        return this.record(manager, playerId, 'hive', packCount, 'pending', transactionId);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'pack_purchases_one_pending')) throw ApiError.conflict(PackMessages.pendingPurchase);
      if (isUniqueViolation(error, 'pack_purchases_transaction_player')) throw ApiError.conflict(PackMessages.transactionUsed);
      throw error;
    }
    await enqueue(this.ledgerQueue, ledgerJobs.packPurchase(id, this.config));
    return { success: true, packPurchaseId: id, packCount, status: 'pending' };
  }

  async pending(playerId: number): Promise<PendingPackPurchaseResponse> {
    const rows: { id: string; status: string }[] = await this.dataSource.query(
      `SELECT id, status FROM pack_purchases WHERE player_id = $1 AND (status = 'pending' OR (status = 'confirmed' AND opened_at IS NULL)) ORDER BY id`,
      [playerId],
    );
    const pending = rows.find((row) => row.status === 'pending');
    return {
      hasPending: Boolean(pending),
      packPurchaseId: pending ? Number(pending.id) : null,
      unopenedPurchaseIds: rows.filter((row) => row.status === 'confirmed').map((row) => Number(row.id)),
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
    };
  }

  /** Rolls and creates the gears of a confirmed purchase, once: the purchase row is held while it opens. */
  open(playerId: number, purchaseId: number): Promise<PackOpenResponse> {
    return this.dataSource.transaction(async (manager) => {
      const purchase = await findPurchase(manager, playerId, purchaseId, true);
      if (purchase.status === 'pending') throw ApiError.conflict(PackMessages.notConfirmed);
      if (purchase.status === 'invalid') throw ApiError.conflict(PackMessages.purchaseInvalid);
      if (purchase.opened_at) throw ApiError.conflict(PackMessages.alreadyOpened);
      const now = this.clock.now();
      const seed = Number(purchase.seed);
      const rolled = rollPacks(seed, purchase.pack_count, purchase.tier);
      const rows: GearRow[] = await manager.query(
        `INSERT INTO gears (owner_id, type, category, rarity, level, pack_purchase_id, created_at)
         SELECT $1, gear.type, gear.category, gear.rarity, gear.level, $2, $3
         FROM jsonb_to_recordset($4::jsonb) AS gear (type text, category text, rarity text, level int)
         RETURNING *`,
        [playerId, purchaseId, now, JSON.stringify(rolled)],
      );
      await manager.query(`UPDATE pack_purchases SET opened_at = $2, updated_at = $2 WHERE id = $1`, [purchaseId, now]);
      return { packPurchaseId: purchaseId, packCount: purchase.pack_count, seed, tier: purchase.tier, gears: rows.map(gearDto) };
    });
  }

  private async record(
    manager: EntityManager,
    playerId: number,
    currency: PackCurrency,
    packCount: number,
    status: 'pending' | 'confirmed',
    transactionId: string | null,
  ): Promise<number> {
    const bought = await packsBought(manager, playerId);
    const now = this.clock.now();
    const [{ id }] = await manager.query(
      `INSERT INTO pack_purchases (player_id, currency, pack_count, price_thousandths, tier, seed, status, transaction_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
      [playerId, currency, packCount, priceOf(currency, packCount), packTier(bought.runik + bought.hive), randomInt(0, MAX_SEED), status, transactionId, now],
    );
    return Number(id);
  }
}

export function priceOf(currency: PackCurrency, packCount: number): number {
  return PACK_PRICES[currency][packCount === PACK_BULK_SIZE ? 'bulk' : 'single'];
}

/**
 * One purchase decision at a time per player: the balance check, the tier (packs bought so far) and
 * the insert see every earlier purchase, so simultaneous purchases neither get the ledger's bare
 * refusal instead of the spec's message nor share a tier.
 */
async function lockBuyer(manager: EntityManager, playerId: number): Promise<void> {
  await manager.query(`SELECT 1 FROM players WHERE id = $1 FOR NO KEY UPDATE`, [playerId]);
}

async function packsBought(manager: EntityManager, playerId: number): Promise<Record<PackCurrency, number>> {
  const rows: { currency: PackCurrency; packs: string }[] = await manager.query(
    `SELECT currency, sum(pack_count) AS packs FROM pack_purchases WHERE player_id = $1 AND status = 'confirmed' GROUP BY currency`,
    [playerId],
  );
  const bought = { runik: 0, hive: 0 };
  for (const row of rows) bought[row.currency] = Number(row.packs);
  return bought;
}

/** Someone else's purchase is as unknown as a missing one. */
async function findPurchase(manager: EntityManager, playerId: number, purchaseId: number, lock: boolean): Promise<PackPurchaseRow> {
  const [purchase]: PackPurchaseRow[] = await manager.query(
    `SELECT * FROM pack_purchases WHERE id = $1 AND player_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [purchaseId, playerId],
  );
  if (!purchase) throw ApiError.notFound(PackMessages.purchaseNotFound);
  return purchase;
}
