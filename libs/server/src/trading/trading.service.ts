import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { InferResult, RawBuilder, Selectable, sql } from 'kysely';
import { DataSource, EntityManager } from 'typeorm';
import {
  fromThousandths,
  GearCategory,
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
import type { Listings } from '../core/database/schema';
import { compiledOnce, db, firstRow, rows } from '../core/database/sql';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { gearDto } from '../gears/gear-rows';
import { LedgerService } from '../ledger/ledger.service';
import { Notifier } from '../notifications/notifier';
import { lockPlayer } from '../players/player-lock';
import { retryingTransaction } from '../core/database/transaction';

type LockedListing = Selectable<Listings>;

/** The marketplace's orders (`sortBy` is checked against these names before it gets here). */
const SORTS: Record<MarketplaceSort, RawBuilder<unknown>> = {
  newest: sql`l.created_at DESC, l.id DESC`,
  oldest: sql`l.created_at, l.id`,
  priceAsc: sql`l.price, l.id`,
  priceDesc: sql`l.price DESC, l.id DESC`,
  rarity: sql`array_position(ARRAY['mythical', 'legendary', 'epic', 'rare', 'common']::text[], g.rarity::text), g.level DESC, l.created_at DESC, l.id DESC`,
};

/** How long a count of active listings serves the marketplace's page count. */
const ACTIVE_COUNT_TTL_MS = 1000;

/** The marketplace's gear filter: category, type and rarity, each null for any. */
interface GearFilter {
  category: GearCategory | null;
  type: GearType | null;
  rarity: GearRarity | null;
}

/** Listings (of any status) with their gear, filtered: the base of every marketplace query. */
function listingsOfGear({ category, type, rarity }: GearFilter) {
  let query = db.selectFrom('listings as l').innerJoin('gears as g', 'g.id', 'l.gear_id');
  if (category !== null) query = query.where('g.category', '=', category);
  if (type !== null) query = query.where('g.type', '=', type);
  if (rarity !== null) query = query.where('g.rarity', '=', rarity);
  return query;
}

const ANY_GEAR: GearFilter = { category: null, type: null, rarity: null };

/** Listings as the marketplace shows them: the gear, the price, when and by whom. */
function shownListings(filter: GearFilter = ANY_GEAR) {
  return listingsOfGear(filter)
    .innerJoin('players as p', 'p.id', 'l.seller_id')
    .selectAll('g')
    .select(['l.id as listing_id', 'l.price', 'l.created_at as listed_at', 'p.hive_username as seller']);
}
type ListingRow = InferResult<ReturnType<typeof shownListings>>[number];

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
    const [player, { runik }] = await Promise.all([
      firstRow(this.dataSource.manager, db.selectFrom('players').select('activation').where('id', '=', playerId)),
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
    const filter: GearFilter = { category: category ?? null, type: type ?? null, rarity: rarity ?? null };
    const active = await this.activeListings(filter);
    // 'active', the page's size and the first page's want of an offset written into the SQL, not parameters: the
    // page's plan, made once (countAndPage prepares it), then knows the active listings' partial indexes apply and how
    // few rows it reads. With an offset of unknown size PostgreSQL plans each later page again, as it did every page.
    const shown = shownListings(filter)
      .where('l.status', '=', sql.lit('active'))
      .where('l.seller_id', '<>', playerId)
      .orderBy(SORTS[sortBy])
      .limit(sql.lit(MARKETPLACE_PAGE_SIZE));
    const { total: own, rows } = await countAndPage(
      this.dataSource.manager,
      listingsOfGear(filter)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('l.status', '=', sql.lit('active'))
        .where('l.seller_id', '=', playerId),
      page === 1 ? shown : shown.offset((page - 1) * MARKETPLACE_PAGE_SIZE),
    );
    return { listings: rows.map(listingDto), page, totalPages: Math.max(1, Math.ceil((active - own) / MARKETPLACE_PAGE_SIZE)) };
  }

  /**
   * Active listings per gear filter, counted again after ACTIVE_COUNT_TTL_MS (not when a listing
   * changes: under load sales come many times a second, and every one would start a count again).
   */
  private readonly activeCounts = new Map<string, { count: number; countedAt: number }>();

  private async activeListings(filter: GearFilter): Promise<number> {
    const key = `${filter.category}|${filter.type}|${filter.rarity}`;
    const known = this.activeCounts.get(key);
    if (known && this.clock.nowMs() - known.countedAt < ACTIVE_COUNT_TTL_MS) return known.count;
    const countedAt = this.clock.nowMs();
    // Without a gear filter the listings alone are counted: the join cannot change the count.
    const unfiltered = filter.category === null && filter.type === null && filter.rarity === null;
    const counted = await firstRow(
      this.dataSource.manager,
      unfiltered
        ? db
            .selectFrom('listings')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('status', '=', 'active')
        : listingsOfGear(filter)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('l.status', '=', 'active'),
    );
    const count = counted?.count ?? 0;
    this.activeCounts.set(key, { count, countedAt });
    return count;
  }

  async myListings(playerId: number): Promise<MyListingsResponse> {
    const listings = await rows(
      this.dataSource.manager,
      shownListings()
        .where('l.seller_id', '=', playerId)
        .where('l.status', '=', 'active')
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc'),
    );
    return { listings: listings.map(listingDto) };
  }

  /** The fee is paid when listing, to the fees account, and not refunded on unlisting. */
  list(playerId: number, gearId: number, price: number): Promise<ListGearResponse> {
    return this.cities.run(playerId, async ({ manager, state, now }) => {
      if (!state.canWithdraw) throw ApiError.forbidden(TradingMessages.tradingRestricted);
      const gear = await firstRow(manager, db.selectFrom('gears').selectAll().where('id', '=', gearId));
      if (!gear) throw ApiError.notFound(GearMessages.gearNotFound);
      if (gear.owner_id !== playerId) throw ApiError.forbidden(GearMessages.notYourGear);
      if (gear.equipped) throw ApiError.conflict(TradingMessages.gearEquipped);
      if (gear.listed) throw ApiError.conflict(TradingMessages.alreadyListed);
      const fee = listingFee(price);
      if (state.balances.runik < fee) throw ApiError.badRequest(TradingMessages.listingFeeShort(fee / 1000));

      const [{ id: listingId }] = await rows(
        manager,
        db
          .insertInto('listings')
          .values({ gear_id: gearId, seller_id: playerId, price, fee_thousandths: fee, status: 'active', created_at: now })
          .returning('id'),
      ).catch((error: unknown) => {
        throw isUniqueViolation(error, 'listings_one_active_per_gear') ? ApiError.conflict(TradingMessages.alreadyListed) : error;
      });
      await rows(manager, db.updateTable('gears').set({ listed: true }).where('id', '=', gearId));
      await this.ledger.post(manager, {
        reason: 'listing-fee',
        reference: `listing:${listingId}`,
        legs: [
          { account: { playerId }, asset: 'runik', delta: -fee },
          { account: { system: 'system:fees' }, asset: 'runik', delta: fee },
        ],
      });
      const [listing] = await rows(manager, shownListings().where('l.id', '=', listingId));
      return { success: true, message: TradingMessages.listed(fee / 1000), listing: listingDto(listing), fee: fee / 1000 };
    });
  }

  unlist(playerId: number, listingId: number): Promise<TradingActionResponse> {
    return this.cities.run(playerId, async ({ manager, now }) => {
      const listing = await lockOwnListing(manager, listingId, playerId);
      if (listing.status !== 'active') throw ApiError.conflict(TradingMessages.listingClosed);
      await rows(manager, db.updateTable('listings').set({ status: 'removed', closed_at: now }).where('id', '=', listingId));
      await rows(manager, db.updateTable('gears').set({ listed: false }).where('id', '=', listing.gear_id));
      return { success: true, message: TradingMessages.removed };
    });
  }

  /**
   * The buyer pays the price; the seller receives 96% rounded down to whole RUNIK, the tax account the rest.
   * A listing already closed is refused by one read outside any transaction (a closed listing never opens again,
   * and the buyer's activation only ever becomes paid, so the refusal holds); every check runs again on the locked
   * listing, which is the first lock the purchase takes: docs/decisions.md, "A purchase locks the listing first".
   * Buyers of a listing whose purchase is in flight in this process wait for it, holding nothing: docs/decisions.md,
   * "Buyers of one listing wait in the process".
   */
  async buy(buyerId: number, listingId: number): Promise<TradingActionResponse> {
    // When the purchase ahead sold the listing, a buyer this process has seen paid gets, without a statement, the
    // refusal their early read would give (a closed listing is refused before its seller is compared); any other
    // buyer reads it.
    const ahead = this.purchasesInFlight.get(listingId);
    if (ahead && (await ahead) && this.buyersSeenPaid.has(buyerId)) throw ApiError.conflict(TradingMessages.listingClosed);
    return this.inFlight(listingId, this.readThenBuy(buyerId, listingId));
  }

  /** Whether the purchase of each listing in flight in this process sold it (true once committed; false when refused). */
  private readonly purchasesInFlight = new Map<number, Promise<boolean>>();
  /** Buyers an early read found paid: their activation can only stay so. */
  private readonly buyersSeenPaid = new Set<number>();

  /** The listing's purchase in flight from now on, unless another is already: later buyers wait for it. */
  private inFlight(listingId: number, purchase: Promise<TradingActionResponse>): Promise<TradingActionResponse> {
    if (!this.purchasesInFlight.has(listingId)) {
      const sold = purchase.then(
        () => true,
        () => false,
      );
      this.purchasesInFlight.set(listingId, sold);
      void sold.then(() => this.purchasesInFlight.get(listingId) === sold && this.purchasesInFlight.delete(listingId));
    }
    return purchase;
  }

  private async readThenBuy(buyerId: number, listingId: number): Promise<TradingActionResponse> {
    const seen = await firstRow(this.dataSource.manager, listingSeenStatement(listingId, buyerId));
    if (seen?.activation === 'paid') this.buyersSeenPaid.add(buyerId);
    refuseUnbuyable(seen, buyerId);
    return this.buyInTransaction(buyerId, listingId);
  }

  private buyInTransaction(buyerId: number, listingId: number): Promise<TradingActionResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      // While buyers race, the losers wait here holding nothing else, and are refused as soon as the winner commits.
      const listing = await firstRow(manager, lockListingForBuyerStatement(listingId, buyerId));
      refuseUnbuyable(listing, buyerId);
      // The buyer's purchases one at a time, so the balance check below gives the spec's message. Taken after the
      // listing: a player holding their own row locks a listing only as its seller (unlist), and a seller's purchase
      // of their own listing was refused above, before this lock.
      const buyer = await lockPlayer(manager, buyerId);
      if (buyer?.activation !== 'paid') throw ApiError.forbidden(TradingMessages.tradingRestricted);
      const { seller_id: sellerId, price } = listing;
      const { runik, withdrawable } = await this.ledger.runikOf(manager, buyerId);
      if (runik < price * 1000) throw ApiError.badRequest(TradingMessages.priceShort(price));
      // Locked RUNIK paid to a player would become theirs to withdraw: a sale takes withdrawable RUNIK only.
      if (withdrawable < price * 1000) throw ApiError.badRequest(TradingMessages.lockedRunikShort(price));

      const { seller, tax } = saleSplit(price);
      const [sold] = await rows(manager, sellStatement(listingId, buyerId, this.clock.now()));
      await this.notifySale(manager, listing, { ...sold, buyer: buyer.hive_username }, { seller, tax });
      // The money last: a seller's balance row, which every sale of theirs credits, is held from here to COMMIT only
      // (two round trips, the tax account's legs and COMMIT), not across the sale's other statements too.
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
    await this.notifier.notify(manager, listing.seller_id, 'listing-sold', `listing:${listing.id}`, {
      listingId: listing.id,
      gearName: gearName(sold.type, sold.rarity, sold.level),
      buyer: sold.buyer,
      price: listing.price,
      fee: fromThousandths(listing.fee_thousandths),
      tax: fromThousandths(split.tax),
      received: fromThousandths(split.seller),
    });
  }
}

/**
 * The seller's listing, locked; refused when it is not theirs or not found. Only its seller locks it here (its
 * seller never changes, so the filter decides before the lock): a purchase holds the listing before the buyer's row.
 */
async function lockOwnListing(manager: EntityManager, listingId: number, sellerId: number): Promise<LockedListing> {
  const listing = await firstRow(
    manager,
    db.selectFrom('listings').selectAll().where('id', '=', listingId).where('seller_id', '=', sellerId).forUpdate(),
  );
  if (listing) return listing;
  const other = await firstRow(manager, db.selectFrom('listings').select('id').where('id', '=', listingId));
  throw other ? ApiError.forbidden(TradingMessages.notYourListing) : ApiError.notFound(TradingMessages.listingNotFound);
}

/** What a purchase's first checks read: the buyer's activation and the listing (its columns null when there is none). */
interface ListingSeen {
  activation: string | null;
  status: string | null;
  seller_id: number | null;
}

/** The refusals a purchase makes before it looks at money, in the spec's order. */
function refuseUnbuyable<T extends ListingSeen>(seen: T | undefined, buyerId: number): asserts seen is T & { seller_id: number } {
  if (seen?.activation !== 'paid') throw ApiError.forbidden(TradingMessages.tradingRestricted);
  if (seen.status === null || seen.seller_id === null) throw ApiError.notFound(TradingMessages.listingNotFound);
  if (seen.status !== 'active') throw ApiError.conflict(TradingMessages.listingClosed);
  if (seen.seller_id === buyerId) throw ApiError.badRequest(TradingMessages.ownListing);
}

// A purchase's statements (50 buyers race for one listing in the bench): compiled once.
const listingSeenStatement = compiledOnce((listingId: number, buyerId: number) =>
  db
    .selectFrom('players as p')
    .leftJoin('listings as l', (join) => join.on('l.id', '=', listingId))
    .select(['p.activation', 'l.status', 'l.seller_id'])
    .where('p.id', '=', buyerId),
);
const lockListingForBuyerStatement = compiledOnce((listingId: number, buyerId: number) =>
  db
    .selectFrom('listings as l')
    .selectAll('l')
    .select((eb) => eb.selectFrom('players').select('activation').where('id', '=', buyerId).as('activation'))
    .where('l.id', '=', listingId)
    .forUpdate('l'),
);
/** The listing sold and its gear handed to the buyer, in one statement. */
const sellStatement = compiledOnce((listingId: number, buyerId: number, now: Date) =>
  db
    .with('sold', (qb) =>
      qb
        .updateTable('listings')
        .set({ status: 'sold', buyer_id: buyerId, closed_at: now })
        .where('id', '=', listingId)
        .returning('gear_id'),
    )
    .updateTable('gears')
    .set({ owner_id: buyerId, listed: false, equipped: false })
    .from('sold')
    .whereRef('gears.id', '=', 'sold.gear_id')
    .returning(['gears.type', 'gears.rarity', 'gears.level']),
);

function listingDto(row: ListingRow): Listing {
  return {
    _id: row.listing_id,
    gear: gearDto(row),
    price: row.price,
    sellerUsername: row.seller,
    listedAt: row.listed_at.toISOString(),
  };
}
