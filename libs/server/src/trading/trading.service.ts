import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  fromThousandths,
  gearName,
  GearRarity,
  GearType,
  listingFee,
  MARKETPLACE_PAGE_SIZE,
  MarketplaceSort,
  saleSplit,
} from '@runik/rules';
import { GearMessages, TradingMessages } from '@runik/contract';
import type {
  ListGearResponse,
  Listing,
  MarketplaceQuery,
  MarketplaceResponse,
  MyListingsResponse,
  TradingActionResponse,
  UserTradeDataResponse,
} from '@runik/contract';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { countAndPage } from '../core/database/count-and-page';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { gearDto, GearRow } from '../gears/gear-rows';
import { LedgerService } from '../ledger/ledger.service';
import { Notifier } from '../notifications/notifier';
import { retryingTransaction } from '../core/database/transaction';

type ListingRow = GearRow & { listing_id: string; price: string; seller: string; listed_at: Date };

interface LockedListing {
  id: string;
  gear_id: string;
  seller_id: string;
  price: string;
  fee_thousandths: string;
  status: 'active' | 'sold' | 'removed';
}

const SORTS: Record<MarketplaceSort, string> = {
  newest: 'l.created_at DESC, l.id DESC',
  oldest: 'l.created_at, l.id',
  priceAsc: 'l.price, l.id',
  priceDesc: 'l.price DESC, l.id DESC',
  rarity: `array_position(ARRAY['mythical', 'legendary', 'epic', 'rare', 'common']::text[], g.rarity::text), g.level DESC, l.created_at DESC, l.id DESC`,
};

/** How long a count of active listings serves the marketplace's page count. */
const ACTIVE_COUNT_TTL_MS = 1000;

const LISTING_COLUMNS = `g.*, l.id AS listing_id, l.price, l.created_at AS listed_at, p.hive_username AS seller`;

/**
 * Gear for RUNIK between players. Listing and unlisting run as the seller's city actions (as equip
 * and upgrade do), so a gear is never listed and used at once; a sale holds the listing row, so it
 * happens once, and the payment, the fee split and the change of owner commit together.
 */
@Injectable()
export class TradingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly ledger: LedgerService,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  async userData(playerId: number): Promise<UserTradeDataResponse> {
    const [[player], { runik }] = await Promise.all([
      this.dataSource.query(`SELECT activation FROM players WHERE id = $1`, [playerId]),
      this.ledger.balancesOf(this.dataSource.manager, playerId),
    ]);
    return { canWithdraw: player?.activation === 'paid', runikBalance: fromThousandths(runik) };
  }

  /**
   * Active listings of everyone but the requester, filtered, sorted and paged. The page is exact; its
   * page count comes from the active listings matching the filter (counted at most once a second per
   * filter and api process, since the count reads every active listing) less the requester's own, so
   * a new, removed or sold listing shows in the page count within a second.
   */
  async marketplace(playerId: number, { category, type, rarity, sortBy, page }: MarketplaceQuery): Promise<MarketplaceResponse> {
    const filter = gearFilter(2);
    const filters = [playerId, category ?? null, type ?? null, rarity ?? null];
    const active = await this.activeListings(category ?? null, type ?? null, rarity ?? null);
    const { total: own, rows } = await countAndPage<ListingRow>(
      this.dataSource.manager,
      `SELECT count(*) AS total FROM listings l JOIN gears g ON g.id = l.gear_id WHERE l.status = 'active' AND l.seller_id = $1 AND ${filter}`,
      `SELECT ${LISTING_COLUMNS} FROM listings l JOIN gears g ON g.id = l.gear_id JOIN players p ON p.id = l.seller_id
        WHERE l.status = 'active' AND l.seller_id <> $1 AND ${filter} ORDER BY ${SORTS[sortBy]} LIMIT $5 OFFSET $6`,
      [...filters, MARKETPLACE_PAGE_SIZE, (page - 1) * MARKETPLACE_PAGE_SIZE],
    );
    return { listings: rows.map(listingDto), page, totalPages: Math.max(1, Math.ceil((active - own) / MARKETPLACE_PAGE_SIZE)) };
  }

  /**
   * Active listings per gear filter, counted again after ACTIVE_COUNT_TTL_MS (not when a listing
   * changes: under load sales come many times a second, and every one would start a count again).
   */
  private readonly activeCounts = new Map<string, { count: number; countedAt: number }>();

  private async activeListings(category: string | null, type: string | null, rarity: string | null): Promise<number> {
    const key = `${category}|${type}|${rarity}`;
    const known = this.activeCounts.get(key);
    if (known && this.clock.nowMs() - known.countedAt < ACTIVE_COUNT_TTL_MS) return known.count;
    const countedAt = this.clock.nowMs();
    // Without a gear filter the listings alone are counted: the join cannot change the count.
    const [{ count }] = await this.dataSource.query(
      category === null && type === null && rarity === null
        ? `SELECT count(*) AS count FROM listings WHERE status = 'active'`
        : `SELECT count(*) AS count FROM listings l JOIN gears g ON g.id = l.gear_id WHERE l.status = 'active' AND ${gearFilter(1)}`,
      category === null && type === null && rarity === null ? [] : [category, type, rarity],
    );
    this.activeCounts.set(key, { count: Number(count), countedAt });
    return Number(count);
  }

  async myListings(playerId: number): Promise<MyListingsResponse> {
    const rows: ListingRow[] = await this.dataSource.query(
      `SELECT ${LISTING_COLUMNS} FROM listings l JOIN gears g ON g.id = l.gear_id JOIN players p ON p.id = l.seller_id
       WHERE l.seller_id = $1 AND l.status = 'active' ORDER BY l.created_at DESC, l.id DESC`,
      [playerId],
    );
    return { listings: rows.map(listingDto) };
  }

  /** The fee is paid when listing, to the fees account, and not refunded on unlisting. */
  list(playerId: number, gearId: number, price: number): Promise<ListGearResponse> {
    return this.cities.run(playerId, async ({ manager, state, now }) => {
      if (!state.canWithdraw) throw ApiError.forbidden(TradingMessages.tradingRestricted);
      const [gear]: GearRow[] = await manager.query(`SELECT * FROM gears WHERE id = $1`, [gearId]);
      if (!gear) throw ApiError.notFound(GearMessages.gearNotFound);
      if (Number(gear.owner_id) !== playerId) throw ApiError.forbidden(GearMessages.notYourGear);
      if (gear.equipped) throw ApiError.conflict(TradingMessages.gearEquipped);
      if (gear.listed) throw ApiError.conflict(TradingMessages.alreadyListed);
      const fee = listingFee(price);
      if (state.balances.runik < fee) throw ApiError.badRequest(TradingMessages.listingFeeShort(fee / 1000));

      let listingId: string;
      try {
        [{ id: listingId }] = await manager.query(
          `INSERT INTO listings (gear_id, seller_id, price, fee_thousandths, status, created_at) VALUES ($1, $2, $3, $4, 'active', $5) RETURNING id`,
          [gearId, playerId, price, fee, now],
        );
      } catch (error) {
        throw isUniqueViolation(error, 'listings_one_active_per_gear') ? ApiError.conflict(TradingMessages.alreadyListed) : error;
      }
      await manager.query(`UPDATE gears SET listed = true WHERE id = $1`, [gearId]);
      await this.ledger.post(manager, {
        reason: 'listing-fee',
        reference: `listing:${listingId}`,
        legs: [
          { account: { playerId }, asset: 'runik', delta: -fee },
          { account: { system: 'system:fees' }, asset: 'runik', delta: fee },
        ],
      });
      const [row]: ListingRow[] = await manager.query(
        `SELECT ${LISTING_COLUMNS} FROM listings l JOIN gears g ON g.id = l.gear_id JOIN players p ON p.id = l.seller_id WHERE l.id = $1`,
        [listingId],
      );
      return { success: true, message: TradingMessages.listed(fee / 1000), listing: listingDto(row), fee: fee / 1000 };
    });
  }

  unlist(playerId: number, listingId: number): Promise<TradingActionResponse> {
    return this.cities.run(playerId, async ({ manager, now }) => {
      const listing = await lockListing(manager, listingId);
      if (Number(listing.seller_id) !== playerId) throw ApiError.forbidden(TradingMessages.notYourListing);
      if (listing.status !== 'active') throw ApiError.conflict(TradingMessages.listingClosed);
      await manager.query(`UPDATE listings SET status = 'removed', closed_at = $2 WHERE id = $1`, [listingId, now]);
      await manager.query(`UPDATE gears SET listed = false WHERE id = $1`, [listing.gear_id]);
      return { success: true, message: TradingMessages.removed };
    });
  }

  /** The buyer pays the price; the seller receives 96% rounded down to whole RUNIK, the tax account the rest. */
  buy(buyerId: number, listingId: number): Promise<TradingActionResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      // The buyer's purchases one at a time, so the balance check below gives the spec's message. NO KEY
      // UPDATE, not UPDATE: a foreign key to the player (a reward row written after paying the player, a
      // gear) takes KEY SHARE, which FOR UPDATE would block while this purchase waits for that payer's
      // balance lock: a deadlock.
      const [buyer] = await manager.query(`SELECT activation, hive_username FROM players WHERE id = $1 FOR NO KEY UPDATE`, [buyerId]);
      if (buyer?.activation !== 'paid') throw ApiError.forbidden(TradingMessages.tradingRestricted);
      const listing = await lockListing(manager, listingId);
      if (listing.status !== 'active') throw ApiError.conflict(TradingMessages.listingClosed);
      const sellerId = Number(listing.seller_id);
      if (sellerId === buyerId) throw ApiError.badRequest(TradingMessages.ownListing);
      const price = Number(listing.price);
      const { runik } = await this.ledger.balancesOf(manager, buyerId);
      if (runik < price * 1000) throw ApiError.badRequest(TradingMessages.priceShort(price));
      // Locked RUNIK paid to a player would become theirs to withdraw: a sale takes withdrawable RUNIK only.
      if ((await this.ledger.withdrawableOf(manager, buyerId)) < price * 1000)
        throw ApiError.badRequest(TradingMessages.lockedRunikShort(price));

      const { seller, tax } = saleSplit(price);
      await this.ledger.post(manager, {
        reason: 'gear-sale',
        reference: `listing:${listingId}`,
        spendsWithdrawable: true,
        legs: [
          { account: { playerId: buyerId }, asset: 'runik', delta: -price * 1000 },
          { account: { playerId: sellerId }, asset: 'runik', delta: seller },
          { account: { system: 'system:tax' }, asset: 'runik', delta: tax },
        ],
      });
      await manager.query(`UPDATE listings SET status = 'sold', buyer_id = $2, closed_at = $3 WHERE id = $1`, [
        listingId,
        buyerId,
        this.clock.now(),
      ]);
      const [[sold]]: [{ type: GearType; rarity: GearRarity; level: number }[]] = await manager.query(
        `UPDATE gears SET owner_id = $2, listed = false, equipped = false WHERE id = $1 RETURNING type, rarity, level`,
        [listing.gear_id, buyerId],
      );
      await this.notifySale(manager, listing, { ...sold, buyer: buyer.hive_username }, { seller, tax });
      return { success: true, message: TradingMessages.purchased };
    });
  }

  /** Tells the seller what the sale paid, as the ledger recorded it, and the fee paid when listing. */
  private async notifySale(
    manager: EntityManager,
    listing: LockedListing,
    sold: { type: GearType; rarity: GearRarity; level: number; buyer: string },
    split: { seller: number; tax: number },
  ): Promise<void> {
    await this.notifier.notify(manager, Number(listing.seller_id), 'listing-sold', `listing:${listing.id}`, {
      listingId: Number(listing.id),
      gearName: gearName(sold.type, sold.rarity, sold.level),
      buyer: sold.buyer,
      price: Number(listing.price),
      fee: fromThousandths(Number(listing.fee_thousandths)),
      tax: fromThousandths(split.tax),
      received: fromThousandths(split.seller),
    });
  }
}

/** The marketplace's gear filter on `g`: category, type and rarity, each from its parameter (from `$first`), null for any. */
function gearFilter(first: number): string {
  const [category, type, rarity] = [first, first + 1, first + 2].map((n) => `$${n}::text`);
  return `(${category} IS NULL OR g.category = ${category}) AND (${type} IS NULL OR g.type = ${type}) AND (${rarity} IS NULL OR g.rarity = ${rarity})`;
}

async function lockListing(manager: EntityManager, listingId: number): Promise<LockedListing> {
  const [listing]: LockedListing[] = await manager.query(`SELECT * FROM listings WHERE id = $1 FOR UPDATE`, [listingId]);
  if (!listing) throw ApiError.notFound(TradingMessages.listingNotFound);
  return listing;
}

function listingDto(row: ListingRow): Listing {
  return {
    _id: Number(row.listing_id),
    gear: gearDto(row),
    price: Number(row.price),
    sellerUsername: row.seller,
    listedAt: row.listed_at.toISOString(),
  };
}
