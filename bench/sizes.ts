import type { ListingPurpose } from './game';

/**
 * How big each scenario of `npm run bench` is. `npm run bench -- --short` (a step of npm test) runs every scenario,
 * the opt-in players scenario too, at a small size: it proves that each scenario and its baseline still run and
 * that every check holds (a crash, a call answered 5xx or refused, a double sale, a transfer not credited once, an
 * unbalanced ledger fail it); its figures mean nothing, so its goals are printed, never enforced, and it writes
 * nothing to docs/benchmarks.md.
 */
export interface BenchSizes {
  short: boolean;
  /** Paid players with RUNIK (the one-listing race needs 50), sellers, and listings seeded per purpose. */
  game: { players: number; sellers: number; listings: Record<ListingPurpose, number> };
  /** Alternating slices per side (city-read.ts, money.ts), after a warm-up. */
  city: SliceSizes;
  money: SliceSizes;
  /** The one-listing race: rounds that only warm up (connections, JIT: the refusal's path runs in no earlier scenario), then measured rounds. */
  oneListing: { warmUpRounds: number; rounds: number };
  push: { sockets: number; perSecond: number; seconds: number };
  chain: { catchUpBlocks: number; livePerSecond: number; liveSeconds: number };
  /**
   * Players at each step, seconds measured at each, each player's pause between calls; `strict`: a call that errs
   * (5xx, a refusal that is no rule's, no answer) or a push that never arrives fails the run instead of being counted.
   */
  players: { steps: number[]; stepSeconds: number; thinkMs: number; strict: boolean };
}

export interface SliceSizes {
  rounds: number;
  slice: LoadLength;
  warmUp: LoadLength;
}

/**
 * A load for some seconds, or of a number of calls (pgbench: as many transactions, shared by its clients). The short
 * run counts calls: on a machine loaded by npm test a 1-second slice may end before its first answer.
 */
export type LoadLength = { seconds: number; amount?: undefined } | { amount: number; seconds?: undefined };

export const describeLength = (length: LoadLength) => (length.amount === undefined ? `${length.seconds} s` : `${length.amount} calls`);

const FULL_PLAYERS = 1000;
const FULL_ONE_LISTING = { warmUpRounds: 10, rounds: 10 };

export const FULL: BenchSizes = {
  short: false,
  game: {
    players: FULL_PLAYERS,
    sellers: 200,
    // The api's: enough for its timed warm-up (10 s) at 2,000 purchases a second; the measured slices get more if need be (money.ts).
    listings: { apiWarmUp: FULL_PLAYERS, api: 20_000, pgbench: 6000, oneListing: FULL_ONE_LISTING.warmUpRounds + FULL_ONE_LISTING.rounds },
  },
  city: { rounds: 4, slice: { seconds: 2 }, warmUp: { seconds: 10 } },
  money: { rounds: 2, slice: { seconds: 4 }, warmUp: { seconds: 10 } },
  oneListing: FULL_ONE_LISTING,
  push: { sockets: 2000, perSecond: 200, seconds: 20 },
  // More blocks than the follower's batch of 200, many times.
  chain: { catchUpBlocks: 2000, livePerSecond: 50, liveSeconds: 20 },
  players: {
    steps: (process.env.BENCH_PLAYERS_STEPS ?? '500,1000,2000,3000,5000').split(',').map((step) => Number(step.trim())),
    stepSeconds: Number(process.env.BENCH_PLAYERS_SECONDS ?? 30),
    thinkMs: 10_000,
    strict: false,
  },
};

const SHORT_PLAYERS = 60;
const SHORT_ONE_LISTING = { warmUpRounds: 1, rounds: 2 };

export const SHORT: BenchSizes = {
  short: true,
  game: {
    players: SHORT_PLAYERS,
    sellers: 5,
    listings: { apiWarmUp: SHORT_PLAYERS, api: 2000, pgbench: 2000, oneListing: SHORT_ONE_LISTING.warmUpRounds + SHORT_ONE_LISTING.rounds },
  },
  // A few calls per connection (64 for the city read, 20 for the money actions).
  city: { rounds: 1, slice: { amount: 256 }, warmUp: { amount: 128 } },
  money: { rounds: 1, slice: { amount: 60 }, warmUp: { amount: 40 } },
  oneListing: SHORT_ONE_LISTING,
  push: { sockets: 2 * SHORT_PLAYERS, perSecond: 50, seconds: 2 },
  // Still more than one batch of the follower.
  chain: { catchUpBlocks: 300, livePerSecond: 20, liveSeconds: 2 },
  // Every seeded player, each calling about twice.
  players: { steps: [SHORT_PLAYERS], stepSeconds: 4, thinkMs: 2000, strict: true },
};
