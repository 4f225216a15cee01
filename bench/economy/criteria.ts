import { scenarioLabel } from './scenarios';
import { DayFigures, median, SimulationResult, sum } from './simulation';

/**
 * The pass criteria (the item 4), checked in every scenario. EARN_BACK_FLOOR_DAYS: a new paid
 * account must play at least three weeks before the budget has minted it its registration fee at
 * the reference rate (docs/economy/emission-budget.md says why three).
 */
export const EARN_BACK_FLOOR_DAYS = 21;
/**
 * Earn-back is held to its floor only over a run this long: in a shorter one the players measured
 * (those who joined in its first half) are mostly the first day's, whose budget is the minimum
 * shared by a few cities, not the game's steady state.
 */
export const EARN_BACK_HORIZON_DAYS = 4 * EARN_BACK_FLOOR_DAYS;
export const CITY_HALL_IN_FIRST_WEEK = 5;
/** Sunk ÷ minted is printed up to these days (those the run reaches). */
export const SUNK_AT_DAYS = [60, 180, 365] as const;

/** What RUNIK leaves players for good: burned on upgrades, speed-ups and packs, conversion and sale tax, listing fees (resources bought are not: they convert back). */
export const sunkOf = (day: DayFigures) =>
  day.ledger.burned.upgrades +
  day.ledger.burned['speed-ups'] +
  day.ledger.burned.packs +
  day.ledger.systemCredits['system:tax'] +
  day.ledger.systemCredits['system:fees'];
export const mintedOf = (day: DayFigures) => sum(Object.values(day.ledger.minted));

/** One scenario's run, reduced to what the criteria and the report need (plain JSON: runs come back from worker processes). */
export interface ScenarioSummary {
  label: string;
  /** Whether the operator buys RNK with the SWAP.HIVE: a game whose operator never does is held to solvency alone. */
  operatorTopsUp: boolean;
  days: number;
  bots: number;
  /** Lowest coverage over the run and its day (null: nothing was ever owed). */
  minCoverage: number | null;
  minCoverageDay: number;
  /** The first day coverage ended under 1 (null: never). */
  firstDayUnderOne: number | null;
  /** Days the budget paid more than its size; the most any paid account drew over its share. */
  daysOverBudget: number;
  overShareMax: number;
  /** Mean a day: RUNIK minted into one account of a multi-account actor, and into a cash-out player's. */
  multiPerAccount: number;
  singleCashOut: number;
  /** Median days to earn back the registration fee (null: half of them did not within the run), and how many were measured. */
  earnBackMedianDays: number | null;
  earnBackMeasured: number;
  casualCityHallAfterWeek: number;
  /** Sunk ÷ minted from day 1 to each of SUNK_AT_DAYS (those reached). */
  sunkShareTo: Record<number, number>;
  minted: number;
  sunk: number;
  resourcesBought: number;
  budgetTotal: number;
  budgetUsed: number;
  asked: number;
  paidOut: number;
  waitingAtEnd: number;
  maxWaiting: number;
  rnkDeposited: number;
  swapHiveIn: number;
  toppedUp: number;
  launchReserve: number;
  treasuryAtEnd: number;
  /** Arbitrageurs: RUNIK the budget minted them and RUNIK they withdrew (their Pouches' locked RUNIK can never be). */
  arbitrageEmitted: number;
  arbitrageWithdrawn: number;
}

export function summarizeScenario(result: SimulationResult): ScenarioSummary {
  const { days } = result;
  let minCoverage: number | null = null;
  let minCoverageDay = 0;
  for (const day of days) {
    const coverage = day.treasury.coverage;
    if (coverage !== null && (minCoverage === null || coverage < minCoverage)) [minCoverage, minCoverageDay] = [coverage, day.day];
  }
  const used = (day: DayFigures) => sum(Object.values(day.treasury.budgetUse));
  const mean = (values: number[]) => (values.length ? Math.floor(sum(values) / values.length) : 0);
  const earnBack = result.earnBackDays.map((days) => days ?? Number.POSITIVE_INFINITY);
  const earnBackMedian = median(earnBack);
  const sunkShareTo: Record<number, number> = {};
  for (const to of SUNK_AT_DAYS) {
    if (to > days.length) continue;
    const span = days.slice(0, to);
    sunkShareTo[to] = sum(span.map(sunkOf)) / Math.max(1, sum(span.map(mintedOf)));
  }
  const last = days[days.length - 1];
  return {
    label: scenarioLabel(result.scenario),
    operatorTopsUp: result.scenario.operator.topUpEveryDays !== null,
    days: result.options.days,
    bots: result.options.bots,
    minCoverage,
    minCoverageDay,
    firstDayUnderOne: days.find((day) => day.treasury.coverage !== null && day.treasury.coverage < 1)?.day ?? null,
    daysOverBudget: days.filter((day) => used(day) > day.treasury.budget).length,
    overShareMax: Math.max(...days.map((day) => day.treasury.overShare)),
    multiPerAccount: mean(days.map((day) => day.treasury.multiPerAccount)),
    singleCashOut: mean(days.map((day) => day.treasury.singleCashOut)),
    earnBackMedianDays: Number.isFinite(earnBackMedian) ? earnBackMedian : null,
    earnBackMeasured: earnBack.length,
    casualCityHallAfterWeek: median(result.cityHallAfterWeek.casual),
    sunkShareTo,
    minted: sum(days.map(mintedOf)),
    sunk: sum(days.map(sunkOf)),
    resourcesBought: sum(days.map((day) => day.ledger.burned['resources-bought'])),
    budgetTotal: sum(days.map((day) => day.treasury.budget)),
    budgetUsed: sum(days.map(used)),
    asked: sum(days.map((day) => day.ledger.withdrawals)),
    paidOut: sum(days.map((day) => day.treasury.paidOut)),
    waitingAtEnd: last.treasury.waiting,
    maxWaiting: Math.max(...days.map((day) => day.treasury.waiting)),
    rnkDeposited: sum(days.map((day) => day.ledger.deposits)),
    swapHiveIn: sum(days.map((day) => day.treasury.swapHiveIn)),
    toppedUp: sum(days.map((day) => day.treasury.toppedUp)),
    launchReserve: result.launchReserve,
    treasuryAtEnd: last.treasury.rnk,
    arbitrageEmitted: result.emittedBy.arbitrageur,
    arbitrageWithdrawn: result.withdrawnBy.arbitrageur,
  };
}

export interface Criterion {
  name: string;
  figure: string;
  wanted: string;
  ok: boolean;
}

const days = (count: number | null) => (count === null ? 'not within the run' : `${count}`);

/**
 * Each criterion in one scenario. Coverage, the shares, the budget and the Pouch hold in every
 * scenario: the budget never mints more than the surplus (emissionBudget), so even an operator who
 * never tops up keeps coverage at 1 or more. The newcomers' growth and earn-back are held only where
 * the operator tops up: without it, the budget shrinks to what sinks give back, by design.
 */
export function criteria(summary: ScenarioSummary): Criterion[] {
  const topsUp = summary.operatorTopsUp;
  const coverage = summary.minCoverage === null ? 'nothing owed' : `${summary.minCoverage.toFixed(3)} (day ${summary.minCoverageDay})`;
  return [
    {
      name: 'coverage (RNK held ÷ owed), lowest day',
      figure: summary.firstDayUnderOne === null ? coverage : `${coverage}, under 1 from day ${summary.firstDayUnderOne}`,
      wanted: '≥ 1 every day',
      ok: summary.minCoverage === null || summary.minCoverage >= 1,
    },
    {
      name: "a multi-account actor's account: RUNIK a day over what its contribution's share gives one player (most, any paid account)",
      figure: (summary.overShareMax / 1000).toFixed(3),
      wanted: '≤ 0',
      ok: summary.overShareMax <= 0,
    },
    {
      name: 'days all players together drew more than the budget',
      figure: String(summary.daysOverBudget),
      wanted: '0',
      ok: summary.daysOverBudget === 0,
    },
    {
      name: `days a new paid account takes to be minted its registration fee (median of ${summary.earnBackMeasured})`,
      figure: days(summary.earnBackMedianDays),
      wanted:
        summary.days >= EARN_BACK_HORIZON_DAYS
          ? `≥ ${EARN_BACK_FLOOR_DAYS}`
          : `printed (held to ≥ ${EARN_BACK_FLOOR_DAYS} over ${EARN_BACK_HORIZON_DAYS} days or more)`,
      ok:
        !topsUp ||
        summary.days < EARN_BACK_HORIZON_DAYS ||
        summary.earnBackMedianDays === null ||
        summary.earnBackMedianDays >= EARN_BACK_FLOOR_DAYS,
    },
    {
      name: 'City Hall 7 days after joining, median casual paid player',
      figure: String(summary.casualCityHallAfterWeek),
      wanted: `≥ ${CITY_HALL_IN_FIRST_WEEK}`,
      ok: !topsUp || summary.casualCityHallAfterWeek >= CITY_HALL_IN_FIRST_WEEK,
    },
    {
      name: 'arbitrageurs: RUNIK withdrawn over what the budget minted them (Pouch RUNIK withdrawn)',
      figure: (Math.max(0, summary.arbitrageWithdrawn - summary.arbitrageEmitted) / 1000).toFixed(3),
      wanted: '0',
      ok: summary.arbitrageWithdrawn <= summary.arbitrageEmitted,
    },
  ];
}

export const failedCriteria = (summaries: ScenarioSummary[]) =>
  summaries.flatMap((summary) =>
    criteria(summary)
      .filter((criterion) => !criterion.ok)
      .map((criterion) => `${summary.label}: ${criterion.name}: ${criterion.figure}`),
  );
