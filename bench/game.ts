import { gearBaseExp } from '@runik/rules';
import { seedPlayers, SeededPlayer } from './seed';
import { databaseUrl, queryDatabase } from './support';

/** RUNIK each buyer starts with: enough for every purchase of a run. */
export const BUYER_RUNIK = 10_000;
/** The price of every seeded listing, in whole RUNIK (as listings store it): the seller gets 9, the tax account 1. */
export const LISTING_PRICE = 10;

/** A range of consecutive ids (players or listings), as pgbench's `random(first, last)` draws them. */
export interface IdRange {
  first: number;
  last: number;
}

/** Listings seeded for one purpose, each for sale once, owned by the sellers. */
export interface ListingSet extends IdRange {
  ids: number[];
}

export interface BenchGame {
  /** Paid players with BUYER_RUNIK each: they read their cities, convert, buy and deposit. */
  players: SeededPlayer[];
  playerIds: IdRange;
  /** Paid players who only own the listed gears (so a buyer never meets their own listing). */
  sellers: SeededPlayer[];
  listings: Record<ListingPurpose, ListingSet>;
}

export type ListingPurpose = 'apiWarmUp' | 'api' | 'pgbench' | 'oneListing';

/**
 * The game every scenario of `npm run bench` plays on. Players are registered through the server's
 * own code (seed.ts: player, ledger account, city with its starting resources, session) as a paid
 * registration leaves them, and the buyers get RUNIK from the mint as a balanced ledger posting.
 * Gears and their listings are bulk SQL: nothing in them posts to the ledger but the listing fee,
 * which no measured call touches (the fee is left out, so `fees` holds nothing).
 */
export async function seedGame(
  database: string,
  env: Record<string, string>,
  counts: { players: number; sellers: number; listings: Record<ListingPurpose, number> },
): Promise<BenchGame> {
  const names = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(4, '0')}`);
  // Durability is irrelevant while seeding a throw-away database: no WAL flush per player.
  const seedEnv = { ...env, DATABASE_URL: databaseUrl(database, { options: '-c synchronous_commit=off' }) };
  // One registration at a time, buyers first: players get consecutive ids (pgbench draws buyers from
  // that range), each ledger account's id is its player's plus one offset (pgbench computes it, as
  // the api keeps it in memory), and every seller's account comes after every buyer's, which fixes
  // the order a sale locks them in.
  const players = await seedPlayers(names('bench', counts.players), seedEnv, {
    activation: 'paid',
    runik: BUYER_RUNIK * 1000,
    concurrency: 1,
  });
  const sellers = await seedPlayers(names('seller', counts.sellers), seedEnv, { activation: 'paid', concurrency: 1 });
  const playerIds = rangeOf(players.map((player) => player.playerId));

  const listings = {} as Record<ListingPurpose, ListingSet>;
  for (const [purpose, count] of Object.entries(counts.listings) as [ListingPurpose, number][]) {
    const ids = await seedListings(
      database,
      sellers.map((seller) => seller.playerId),
      count,
    );
    listings[purpose] = { ids, ...rangeOf(ids) };
  }
  await queryDatabase(database, 'VACUUM ANALYZE');
  return { players, playerIds, sellers, listings };
}

/**
 * `count` listed gears at LISTING_PRICE, one listing each, dealt round-robin to the sellers and
 * listed as the list call leaves them (bulk SQL: no ledger posting but the fee, left out). Their ids, ascending.
 */
export async function seedListings(database: string, sellerIds: number[], count: number): Promise<number[]> {
  const rows = await queryDatabase<{ id: string }>(
    database,
    `WITH sellers AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM players WHERE id = ANY($1::bigint[])),
          made AS (
            INSERT INTO gears (owner_id, type, category, rarity, level, exp_value, listed, created_at)
            SELECT s.id, 'wheat', 'mayor', 'rare', 1, $4, true, now()
              FROM generate_series(0, $2 - 1) AS g (i) JOIN sellers s ON s.n = g.i % (SELECT count(*) FROM sellers)
            RETURNING id, owner_id)
     INSERT INTO listings (gear_id, seller_id, price, fee_thousandths, status, created_at)
     SELECT id, owner_id, $3, 10000, 'active', now() FROM made ORDER BY id RETURNING id`,
    [sellerIds, count, LISTING_PRICE, gearBaseExp('rare', 1)],
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** The ids as a range, checking that they are consecutive. */
function rangeOf(ids: number[]): IdRange {
  if (ids.length === 0) return { first: 0, last: -1 };
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  if (last - first + 1 !== ids.length) throw new Error(`ids are not consecutive: ${ids.length} ids from ${first} to ${last}`);
  return { first, last };
}
