import {
  contributionOf,
  contributionWeight,
  dailyShareCap,
  emissionShare,
  emissionSlices,
  MAX_CITY_HALL_LEVEL,
  recordOf,
  REGISTRATION_FEE_USD,
  RNK_PER_SWAP_HIVE,
} from '@runik/rules';
import { Archetype, ARCHETYPES, population } from './archetypes';
import { EconomyConstants } from './constants';
import { EmissionUse, isYoung } from './emission';
import { ConservationCheck, LedgerDay } from './ledger';
import { Scenario } from './scenarios';
import { DAY_MS, START_MS } from './time';
import { GUARD_RAILS, Payout } from './treasury';
import { DayActivity, feeInSwapHive, Plant, World } from './world';

export interface SimulationOptions {
  days: number;
  bots: number;
  seed: number;
  constants: EconomyConstants;
  scenario?: Scenario;
  altsPerFarmer?: number;
  /** A test's planted breach (world.ts, `Plant`). */
  plant?: Plant;
}

/**
 * A day checked from the ledger's entries and the chain side's payouts, never from the emission
 * budget's or the line's own records: what the criteria read.
 */
export interface DayAudit {
  /** The day's budget as sized (the server's `emission_days.budget`) and the RUNIK of kind budgeted-mint credited to players, releases included. */
  budget: number;
  budgetedMinted: number;
  /** The most any paid account was minted (budgeted-mint entries) over its share, recomputed from yesterday's harvest entries; ≤ 0 when none was. */
  overShare: number;
  /** The most a slice (newcomers, releases) gave over its size; ≤ 0 when none did. */
  overSlice: number;
  /** RUNIK withdrawn beyond what the account was ever credited of withdrawable origin, all accounts (game-only RUNIK withdrawn). */
  gameOnlyWithdrawn: number;
  /** RNK paid out that day against the game's daily cap; a withdrawal paid before one asked earlier (the line's order broken). */
  paidOut: number;
  outOfOrder: number;
  /** The longest a withdrawal paid that day waited, and the oldest still waiting at the day's end, in days. */
  longestWait: number;
  /** Whether the budget was sized from the treasury (false: provisional, Hive Engine down). */
  sizedFromTreasury: boolean;
}

/** The game account and the emission budget at a day's end; thousandths. */
export interface TreasuryFigures {
  rnk: number;
  swapHive: number;
  /** Everything owed (withdrawable RUNIK, the line, free accounts' releasable RUNIK), and RNK held over it (null: nothing owed). */
  owed: number;
  coverage: number | null;
  budget: number;
  budgetUse: EmissionUse;
  /** RNK paid out, bought by the operator, and the line of withdrawals waiting at the day's end. */
  paidOut: number;
  toppedUp: number;
  /** SWAP.HIVE received that day (registrations, late fees, packs, the shop). */
  swapHiveIn: number;
  waiting: number;
  waitingCount: number;
  /** Paid players still playing (joined, not left). */
  activePaid: number;
  /** Mean RUNIK minted a day into one account of a multi-account actor, and of a cash-out player playing alone. */
  multiPerAccount: number;
  singleCashOut: number;
}

/** One day's figures; RUNIK in thousandths. */
export interface DayFigures {
  day: number;
  players: number;
  ledger: LedgerDay;
  activity: DayActivity;
  check: ConservationCheck;
  treasury: TreasuryFigures;
  medianBalance: number;
  topPercentBalance: number;
  /** Players (alts aside) at each City Hall level, index 0 for level 1. */
  cityHalls: number[];
  /** Mean over active paid players: RUNIK earned in the game that day (withdrawable), and that less what they spent in the game. */
  activeEarned: number;
  activeNet: number;
  /** Mean RUNIK value of the loot a farmer brought home from its own alts that day. */
  altFarmPerFarmer: number;
  citadelFloor: number;
  audit: DayAudit;
}

export interface SimulationResult {
  options: SimulationOptions;
  scenario: Scenario;
  population: Record<Archetype, number>;
  days: DayFigures[];
  /** RUNIK held by paid players when the run ends (thousandths). */
  paidBalancesAtEnd: number;
  /** City Hall level of each player (alts aside) 7 days after joining, by archetype. */
  cityHallAfterWeek: Record<Archetype, number[]>;
  /** Casual and active paid players who joined in the run's first half: days from joining until the budget had minted them their registration fee (null: not within the run). */
  earnBackDays: (number | null)[];
  /** Per archetype over the run: RUNIK the budget minted them (releases included) and RUNIK they asked to withdraw. */
  emittedBy: Record<Archetype, number>;
  withdrawnBy: Record<Archetype, number>;
  /** RNK the operator put in at launch. */
  launchReserve: number;
}

/** A failed per-day conservation check: the run stops with it. */
export class ConservationError extends Error {}

const WEEK_MS = 7 * DAY_MS;

/** Plays the given days; throws ConservationError the first day the ledger does not balance. */
export function simulate(options: SimulationOptions): SimulationResult {
  const world = new World(options, options.days);
  const cityHallAfterWeek = recordOf(ARCHETYPES, () => [] as number[]);
  const recordedWeek = new Set<number>();
  const days: DayFigures[] = [];
  const auditor = new Auditor(options.constants.youngAccountDailyShare);
  for (let day = 0; day < options.days; day += 1) {
    world.ledger.today = day;
    world.playDay(day);
    world.plantAtDayEnd(day);
    const activity = world.closeActivity();
    const dayEndMs = START_MS + (day + 1) * DAY_MS;
    const ledger = world.ledger.closeDay();
    const check = world.ledger.check();
    if (!check.ok) {
      throw new ConservationError(
        `Day ${day + 1}: RUNIK not conserved (drift ${check.drift} thousandths, ${check.negativeAccounts} negative balances)`,
      );
    }
    const joined = world.bots.filter((bot) => bot.joinMs < dayEndMs);
    const players = joined.filter((bot) => bot.archetype !== 'alt');
    for (const bot of players) {
      if (recordedWeek.has(bot.id) || bot.joinMs + WEEK_MS > dayEndMs) continue;
      recordedWeek.add(bot.id);
      cityHallAfterWeek[bot.archetype].push(bot.city.chLevel);
    }
    const balances = joined.map((bot) => bot.city.runik).sort((a, b) => a - b);
    const cityHalls = new Array<number>(MAX_CITY_HALL_LEVEL).fill(0);
    for (const bot of players) cityHalls[bot.city.chLevel - 1] += 1;
    const actives = players.filter((bot) => bot.archetype === 'active');
    const earned = sum(actives.map((bot) => ledger.earnedBy.get(bot.id) ?? 0));
    const spent = sum(actives.map((bot) => ledger.spentBy.get(bot.id) ?? 0));
    const farmers = players.filter((bot) => bot.archetype === 'farmer').length;
    days.push({
      day: day + 1,
      players: players.length,
      ledger,
      activity,
      check,
      treasury: treasuryFigures(world, joined),
      medianBalance: percentile(balances, 50),
      topPercentBalance: percentile(balances, 99),
      cityHalls,
      activeEarned: actives.length ? Math.floor(earned / actives.length) : 0,
      activeNet: actives.length ? Math.floor((earned - spent) / actives.length) : 0,
      altFarmPerFarmer: farmers ? Math.floor(activity.altFarmLoot / farmers) : 0,
      citadelFloor: world.citadel.floor,
      audit: auditor.audit(world, day, ledger),
    });
  }
  const firstHalfMs = START_MS + Math.floor(options.days / 2) * DAY_MS;
  const earners = world.bots.filter((bot) => (bot.archetype === 'casual' || bot.archetype === 'active') && bot.joinMs < firstHalfMs);
  return {
    options,
    scenario: world.scenario,
    population: population(options.bots, world.mix, world.altsPerFarmer),
    days,
    paidBalancesAtEnd: sum(world.bots.filter((bot) => world.ledger.isPaid(bot.id)).map((bot) => bot.city.runik)),
    cityHallAfterWeek,
    earnBackDays: earners.map((bot) => {
      const on = auditor.earnedBackOn.get(bot.id);
      return on === undefined ? null : on - Math.floor((bot.joinMs - START_MS) / DAY_MS);
    }),
    emittedBy: recordOf(ARCHETYPES, (archetype) => sum(world.bots.filter((bot) => bot.archetype === archetype).map((bot) => bot.emitted))),
    withdrawnBy: recordOf(ARCHETYPES, (archetype) =>
      sum(world.bots.filter((bot) => bot.archetype === archetype).map((bot) => bot.withdrawn)),
    ),
    launchReserve: world.treasury.launchReserve,
  };
}

function treasuryFigures(world: World, joined: World['bots']): TreasuryFigures {
  const { treasury, emission, emittedToday, ledger } = world;
  const owed = world.owed();
  const meanEmitted = (archetype: Archetype) => {
    const accounts = joined.filter((bot) => bot.archetype === archetype && ledger.isPaid(bot.id));
    return accounts.length ? Math.floor(sum(accounts.map((bot) => emittedToday.get(bot.id) ?? 0)) / accounts.length) : 0;
  };
  return {
    rnk: treasury.rnk,
    swapHive: treasury.swapHive,
    owed,
    coverage: owed > 0 ? treasury.rnk / owed : null,
    budget: emission.state.budget,
    budgetUse: { ...emission.use },
    paidOut: treasury.today.paidOut,
    toppedUp: treasury.today.toppedUp,
    swapHiveIn: treasury.today.swapHiveIn,
    waiting: treasury.waiting,
    waitingCount: treasury.waitingCount,
    activePaid: joined.filter((bot) => bot.leftOnDay === null && ledger.isPaid(bot.id)).length,
    multiPerAccount: meanEmitted('multi'),
    singleCashOut: meanEmitted('cashout'),
  };
}

export function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: number[], percent: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((percent / 100) * sorted.length) - 1))];
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** The registration fee at the reference rate, in RUNIK thousandths: what a new account's earn-back counts to. */
const EARN_BACK_RUNIK = feeInSwapHive(REGISTRATION_FEE_USD) * RNK_PER_SWAP_HIVE;

/**
 * Checks each day from the ledger's entries (kinds, harvests, releases, withdrawals) and the payouts:
 * the budget, the shares and slices recomputed with the rules' `emissionSlices` and `emissionShare`
 * from yesterday's harvest entries; game-only RUNIK withdrawn; the line's cap, order and waits.
 */
class Auditor {
  private yesterday: LedgerDay | null = null;
  private lastSeq = -1;
  /** Per player: RUNIK of kind budgeted-mint (releases included) credited since it joined, and the day it reached the fee. */
  private readonly budgeted = new Map<number, number>();
  readonly earnedBackOn = new Map<number, number>();

  /** `youngShare`: a young paid account's daily cap, as the run's constants have it. */
  constructor(private readonly youngShare: number) {}

  audit(world: World, day: number, ledger: LedgerDay): DayAudit {
    const budget = world.emission.state.budget;
    const weights = new Map<number, number>();
    for (const [id, harvested] of this.yesterday?.harvestedBy ?? []) {
      const paidSince = world.ledger.paidSince(id);
      if (paidSince !== null && paidSince < day) weights.set(id, contributionWeight(contributionOf(harvested)));
    }
    const totalWeight = sum([...weights.values()]);
    const slices = emissionSlices(budget, totalWeight);
    let overShare = Number.NEGATIVE_INFINITY;
    let newcomers = 0;
    for (const [id, minted] of ledger.mintedBy['budgeted-mint']) {
      const weight = weights.get(id) ?? null;
      if (weight === null || totalWeight <= 0) newcomers += minted;
      const cap = dailyShareCap(isYoung(world.ledger.paidSince(id), day), this.youngShare);
      overShare = Math.max(overShare, minted - emissionShare(slices, weight, totalWeight, cap));
    }
    const released = sum([...ledger.releasedBy.values()]);
    for (const [id, amount] of [...ledger.mintedBy['budgeted-mint'], ...ledger.releasedBy]) {
      const total = (this.budgeted.get(id) ?? 0) + amount;
      this.budgeted.set(id, total);
      if (total >= EARN_BACK_RUNIK && !this.earnedBackOn.has(id)) this.earnedBackOn.set(id, day);
    }
    const payouts: Payout[] = world.treasury.payoutsToday;
    let outOfOrder = 0;
    for (const { seq } of payouts) {
      if (seq < this.lastSeq) outOfOrder += 1;
      this.lastSeq = Math.max(this.lastSeq, seq);
    }
    const oldest = world.treasury.oldestWaiting;
    this.yesterday = ledger;
    return {
      budget,
      budgetedMinted: sum([...ledger.mintedBy['budgeted-mint'].values()]) + released,
      overShare: Number.isFinite(overShare) ? overShare : 0,
      overSlice: Math.max(newcomers - slices.newcomers, released - slices.releases),
      gameOnlyWithdrawn: sum([...world.ledger.gameOnlyWithdrawn().values()]),
      paidOut: sum(payouts.map(({ amount }) => amount)),
      outOfOrder,
      longestWait: Math.max(0, ...payouts.map(({ askedDay, paidDay }) => paidDay - askedDay), oldest ? day - oldest.askedDay : 0),
      sizedFromTreasury: world.budgetSizedFromTreasury,
    };
  }
}

/** The game's daily withdrawal cap the payouts are held to (the production default the simulation plays). */
export const GAME_DAILY_CAP = GUARD_RAILS.gameDaily;
