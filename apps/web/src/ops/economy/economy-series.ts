import type { EconomyDay, EconomyResponse, EmissionDayReport, LedgerReason } from '@runik/contract';
import { formatAmount as formatUnits, formatChainQuantity, formatRunikDecimal, fromThousandths, toThousandths } from '@runik/rules';

/** Under this coverage the game account's RNK could not pay every paid player's RUNIK at once. */
export const COVERAGE_WARNING_BELOW = 1;

/** The days the operator may pick; the report's own default (30) among them. */
export const DAY_CHOICES = [7, 30, 90, 365] as const;

/** SWAP.HIVE's decimals on Hive Engine, as the report carries it. */
const HIVE_ENGINE_DECIMALS = 8;

/** 'none' while nothing is owed (coverage null). */
export type CoverageLevel = 'none' | 'covered' | 'short';

export function coverageLevel(coverage: number | null): CoverageLevel {
  if (coverage === null) return 'none';
  return coverage < COVERAGE_WARNING_BELOW ? 'short' : 'covered';
}

/** An amount of the report (RUNIK or RNK, 3 decimals) as every RUNIK amount is shown. */
export function formatAmount(amount: number): string {
  return formatRunikDecimal(amount);
}

export function formatCoverage(coverage: number | null): string {
  return coverage === null ? 'nothing owed' : formatUnits(toThousandths(coverage));
}

/** SWAP.HIVE comes with Hive Engine's 8 decimals; shown like every Hive asset in the game, 3 decimals rounded down. */
export function formatSwapHive(amount: number): string {
  return formatChainQuantity(amount.toFixed(HIVE_ENGINE_DECIMALS));
}

/** A guard rail's limit (RUNIK), or 'off' when it is not set. */
export function formatCap(cap: number | null): string {
  return cap === null ? 'off' : formatAmount(cap);
}

/** What is left of a limit, in thousandths so that no floating-point noise shows ("0.300", never "0.29999"); never below 0. */
export function amountLeft(limit: number, used: number): number {
  return fromThousandths(Math.max(0, toThousandths(limit) - toThousandths(used)));
}

/** The report lists the newest day first; charts read left to right, oldest first. */
export function oldestFirst<T>(days: T[]): T[] {
  return [...days].reverse();
}

export interface ReasonSeries {
  reason: LedgerReason;
  /** One amount a day, in the order of the days given (0 on days without that reason). */
  amounts: number[];
}

/** One series per reason that appears on any of the days, sorted by reason. */
export function seriesByReason(days: EconomyDay[], byReason: (day: EconomyDay) => Partial<Record<LedgerReason, number>>): ReasonSeries[] {
  const reasons = [...new Set(days.flatMap((day) => Object.keys(byReason(day)) as LedgerReason[]))].sort();
  return reasons.map((reason) => ({ reason, amounts: days.map((day) => byReason(day)[reason] ?? 0) }));
}

/**
 * The game days with a budget, oldest first, today's as `emissionToday` has it: the freshest reading,
 * and there even before the day's row is in `emissionDays` (a budget still at the minimum).
 */
export function emissionDaysOldestFirst(report: Pick<EconomyResponse, 'emissionDays' | 'emissionToday'>): EmissionDayReport[] {
  const today = report.emissionToday;
  const earlier = report.emissionDays.filter((day) => day.day !== today.day);
  return [...oldestFirst(earlier), today].sort((a, b) => a.day.localeCompare(b.day));
}

/** The label of the liability chart's last point: the report's own figures, not a day's sizing. */
export const NOW_LABEL = 'now';

export interface LiabilitySeries {
  labels: string[];
  owed: (number | null)[];
  treasury: (number | null)[];
  coverage: (number | null)[];
}

/**
 * Liability and coverage over time: each game day as the worker saw it when it sized the budget
 * (null where it was not sized), then the report's figures now, so one day of history already
 * shows where the game stands.
 */
export function liabilitySeries(
  report: Pick<EconomyResponse, 'emissionDays' | 'emissionToday' | 'owedRunik' | 'treasuryRnk' | 'coverage'>,
): LiabilitySeries {
  const days = emissionDaysOldestFirst(report);
  return {
    labels: [...days.map((day) => day.day), NOW_LABEL],
    owed: [...days.map((day) => day.owedRunik), report.owedRunik],
    treasury: [...days.map((day) => day.treasuryRnk), report.treasuryRnk],
    coverage: [...days.map((day) => day.coverage), report.coverage],
  };
}
