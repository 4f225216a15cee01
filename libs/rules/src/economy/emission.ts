import { CONVERSION_RATES, RESOURCE_KEYS, ResourceAmounts } from '../city/balance-sheet';
import { gameDay } from '../calendar/game-day';
import { DAILY_CONVERSION_CAP_RUNIK } from '../city/conversion';

/**
 * One bounded emission per game day (docs/decisions.md, "The emission budget"): everything the game
 * mints that could ever be withdrawn (a paid player's conversion to RUNIK, quest and citadel rewards,
 * an activation's release) draws from it; what a free account mints is game-only (locked) until an
 * activation releases some of it, from the budget. It is sized at the day's first use from the RNK
 * the game account holds above all it owes, so that paying every withdrawable balance stays
 * possible. All amounts are thousandths.
 */
export interface EmissionPolicy {
  /** The budget never goes under this, so an empty server still plays (the operator's launch reserve backs it). */
  minimum: number;
  /** Nor over this, however large the surplus. */
  ceiling: number;
  /** Percent of the RNK held above everything owed that one day may mint. */
  surplusSharePercent: number;
}

export const EMISSION_POLICY: EmissionPolicy = { minimum: 2_000_000, ceiling: 100_000_000, surplusSharePercent: 3 };

/**
 * Game-only RUNIK a free account's activation may turn withdrawable (drawn from the releases' slice of
 * the budget); the rest stays spendable in the game but cannot be withdrawn. What its RNK deposits
 * brought was never game-only.
 */
export const ACTIVATION_RELEASE_RUNIK = 300_000;

/** What an activation releases of a free account's game-only RUNIK (from the releases' slice). */
export function activationRelease(gameOnly: number): number {
  return Math.max(0, Math.min(gameOnly, ACTIVATION_RELEASE_RUNIK));
}

/**
 * The contribution every paid player counts for at least (thousandths of RUNIK value), so a newcomer's
 * share is small but never nothing: 100 RUNIK, the least with which the simulation's newcomers still
 * reach City Hall 5 in their first week (docs/economy/emission-budget.md).
 */
export const NEWCOMER_CONTRIBUTION = 100_000;

/** What the treasury holds against what the game owes, in thousandths. */
export interface TreasuryPosition {
  /** RNK the game account holds. */
  treasuryRnk: number;
  /** All the RNK the game could be asked for in one step (`owedOf`). */
  owed: number;
}

/**
 * The part of the surplus (RNK held above everything owed) that no day's budget may mint, percent:
 * whatever the configured minimum or share, a day mints at most half the surplus. The other half is
 * a margin for what the day's own sizing cannot see: a surplus measured before an unmatched
 * transfer is refunded, a provisional budget sized from yesterday's figures (docs/economy).
 */
export const EMISSION_RESERVE_PERCENT = 50;

/**
 * The day's budget: a share of the surplus, within the policy's minimum and ceiling, and never more
 * than the surplus less its reserve. Every mint that could ever be withdrawn draws from it, so what
 * the game owes grows by at most this much in a day: coverage (RNK held ÷ owed) cannot go under 1.
 */
export function emissionBudget({ treasuryRnk, owed }: TreasuryPosition, policy: EmissionPolicy = EMISSION_POLICY): number {
  const surplus = Math.max(0, treasuryRnk - owed);
  const share = Math.floor((surplus * policy.surplusSharePercent) / 100);
  return Math.min(policy.ceiling, spendableOf(surplus), Math.max(policy.minimum, share));
}

/**
 * The budget a game day starts with until it is sized from the treasury: the minimum within the
 * spendable part of the surplus as last estimated (`surplus`: the last measured surplus less what
 * was drawn since; null before the first sizing: the launch reserve backs it).
 */
export function provisionalBudget(surplus: number | null, policy: EmissionPolicy = EMISSION_POLICY): number {
  return surplus === null ? policy.minimum : Math.min(policy.minimum, spendableOf(Math.max(0, surplus)));
}

function spendableOf(surplus: number): number {
  return Math.floor((surplus * (100 - EMISSION_RESERVE_PERCENT)) / 100);
}

/**
 * A player's contribution: the RUNIK value (at the conversion rates, before tax, thousandths) of the
 * resources they harvested in the previous game day.
 */
export function contributionOf(harvested: Partial<ResourceAmounts>): number {
  return RESOURCE_KEYS.reduce((sum, resource) => sum + Math.floor((harvested[resource] ?? 0) / CONVERSION_RATES[resource]), 0);
}

/** The weight a contribution carries in the day's shares: a producing player counts for at least a newcomer. */
export function contributionWeight(contribution: number): number {
  return Math.max(NEWCOMER_CONTRIBUTION, contribution);
}

/**
 * The earn-back floor (docs/economy/emission-budget.md): a registration pays for itself in this many
 * game days at the soonest, however few paid players share the budget. Otherwise registering accounts
 * is an investment that returns its stake faster than the game can tell a farm from players.
 */
export const EARN_BACK_FLOOR_DAYS = 21;

/**
 * What a young paid account (paid in the last EARN_BACK_FLOOR_DAYS game days, today included) may draw
 * from the budget in a day, whatever its share: the registration fee's value (10 USD, 400 RUNIK at the
 * reference rate) over the floor, rounded down, so its draws reach the fee on its 22nd game day at the
 * soonest. In a large game a newcomer's share is smaller than this and it changes nothing; in a small
 * one (the budget at its minimum, shared by few) it is what holds the floor.
 */
export const YOUNG_ACCOUNT_DAILY_SHARE = Math.floor(400_000 / EARN_BACK_FLOOR_DAYS);

/** Game days are 24 hours (Manila keeps no daylight saving time). */
const GAME_DAY_MS = 86_400_000;

/** An account paid at or after this instant is young on the day of `now` (`YOUNG_ACCOUNT_DAILY_SHARE`). */
export function youngSince(now: number): Date {
  return new Date(gameDay(now).start.getTime() - (EARN_BACK_FLOOR_DAYS - 1) * GAME_DAY_MS);
}

/**
 * The day's budget in three bounded slices (docs/economy/emission-budget.md, "Slices"):
 * - producers: split by yesterday's contributions among the paid players who harvested yesterday;
 * - newcomers: paid accounts that harvested nothing yesterday (new, or idle), each up to the share a
 *   producer of a newcomer's weight gets, first come first served within the slice;
 * - releases: what activations make withdrawable of a free account's game-only RUNIK.
 * On a day with no producers (the first, or after a pause), the producers' slice is the newcomers'.
 * The slices add up to the budget, and every draw is bounded by its slice, so the shares never
 * oversubscribe it.
 */
export const EMISSION_SLICES = { newcomersPercent: 10, releasesPercent: 10 } as const;

export type EmissionSlice = 'producers' | 'newcomers' | 'releases';

export function emissionSlices(budget: number, totalWeight: number): Record<EmissionSlice, number> {
  const releases = Math.floor((budget * EMISSION_SLICES.releasesPercent) / 100);
  if (totalWeight <= 0) return { producers: 0, newcomers: budget - releases, releases };
  const newcomers = Math.floor((budget * EMISSION_SLICES.newcomersPercent) / 100);
  return { producers: budget - newcomers - releases, newcomers, releases };
}

/**
 * A paid player's share of the day: a producer's (`weight` from yesterday's harvest, null when it
 * harvested nothing) is its part of the producers' slice, never over the per-account daily cap; a
 * newcomer's is what a producer of a newcomer's weight gets (the cap on a day without producers).
 * Many accounts with the contribution of one player each earn what that player earns; together they
 * only dilute the others' shares, never the budget. `totalWeight`: the day's producers' weights.
 */
export function emissionShare(
  slices: Record<EmissionSlice, number>,
  weight: number | null,
  totalWeight: number,
  cap = DAILY_CONVERSION_CAP_RUNIK,
): number {
  if (totalWeight <= 0) return Math.min(cap, slices.newcomers);
  const counted = weight ?? NEWCOMER_CONTRIBUTION;
  // BigInt: a whale's weight times the budget can pass 2^53.
  return Math.min(cap, Number((BigInt(slices.producers) * BigInt(counted)) / BigInt(Math.max(totalWeight, counted))));
}

/** The slice a paid player draws its share from: producers harvested yesterday and were paid by the day's start. */
export function sliceOf(weight: number | null, totalWeight: number): EmissionSlice {
  return weight !== null && totalWeight > 0 ? 'producers' : 'newcomers';
}

/**
 * Why a player may mint no more today: their share; a young account's cap on it (`young`); the
 * newcomers' or the releases' slice; or the game's whole budget (spent, or sized at 0 because the
 * treasury has no surplus).
 */
export type EmissionLimit = 'share' | 'young' | 'newcomers' | 'releases' | 'budget';

/** A bound and what was drawn against it, thousandths. */
export interface EmissionUse {
  size: number;
  used: number;
}

/**
 * What a player may still mint today: the least of what is left of their share (null: an
 * activation's release, bounded by its slice alone), of their slice and of the budget, with the
 * broadest cause when two leave the same (a budget of 0 leaves every share at 0: it is the budget).
 */
export function emissionLeft(
  share: (EmissionUse & { name?: 'share' | 'young' }) | null,
  slice: EmissionUse & { name: EmissionSlice },
  budget: EmissionUse,
): { left: number; limitedBy: EmissionLimit } {
  const leftOf = ({ size, used }: EmissionUse) => Math.max(0, size - used);
  // The producers' slice holds every producer's share: if it runs short (a draw at midnight), the budget is what is spent.
  const sliceLimit: EmissionLimit = slice.name === 'producers' ? 'budget' : slice.name;
  const bounds: [EmissionLimit, number][] = [
    ['budget', leftOf(budget)],
    [sliceLimit, leftOf(slice)],
    ...(share ? [[share.name ?? 'share', leftOf(share)] as [EmissionLimit, number]] : []),
  ];
  const [limitedBy, left] = bounds.reduce((least, bound) => (bound[1] < least[1] ? bound : least));
  return { left, limitedBy };
}

/** A game day's budget and what each slice has given, thousandths. */
export interface EmissionDayState {
  budget: number;
  /** The day's producers' weights, summed (0: no producers). */
  totalWeight: number;
  used: Record<EmissionSlice, number>;
}

/** What is left of the day's whole budget. */
export function emissionBudgetLeft(day: EmissionDayState): number {
  return Math.max(0, day.budget - day.used.producers - day.used.newcomers - day.used.releases);
}

/**
 * Who draws: a paid player (its weight, null when it harvested nothing yesterday; what it drew today;
 * whether it is young, `youngSince`), or an activation's release.
 */
export type EmissionDrawer = { weight: number | null; drawn: number; young: boolean } | 'release';

/** The most a paid player's share may be in a day: the per-account cap, and a young account's (`youngShare`). */
export function dailyShareCap(young: boolean, youngShare = YOUNG_ACCOUNT_DAILY_SHARE): number {
  return young ? Math.min(DAILY_CONVERSION_CAP_RUNIK, youngShare) : DAILY_CONVERSION_CAP_RUNIK;
}

/**
 * What a drawer may still take from the day, and from which slice: the one rule the server and the
 * simulation apply (`youngShare`: the simulation may try another value of YOUNG_ACCOUNT_DAILY_SHARE).
 */
export function emissionAllowance(
  day: EmissionDayState,
  drawer: EmissionDrawer,
  youngShare = YOUNG_ACCOUNT_DAILY_SHARE,
): { slice: EmissionSlice; share: number | null; left: number; limitedBy: EmissionLimit } {
  const slices = emissionSlices(day.budget, day.totalWeight);
  const slice = drawer === 'release' ? 'releases' : sliceOf(drawer.weight, day.totalWeight);
  const sliceUse = { name: slice, size: slices[slice], used: day.used[slice] };
  if (drawer === 'release') return { slice, share: null, ...emissionLeft(null, sliceUse, budgetUse(day)) };
  const share = emissionShare(slices, drawer.weight, day.totalWeight, dailyShareCap(drawer.young, youngShare));
  // The young cap is named when it, not the share the slices give, is what bounds the player.
  const young = share < emissionShare(slices, drawer.weight, day.totalWeight);
  const bounds = emissionLeft({ size: share, used: drawer.drawn, name: young ? 'young' : 'share' }, sliceUse, budgetUse(day));
  return { slice, share, ...bounds };
}

const budgetUse = (day: EmissionDayState): EmissionUse => ({ size: day.budget, used: day.budget - emissionBudgetLeft(day) });
