import type { EconomyDay } from '@runik/contract';
import { formatAmount as formatUnits, formatRunikDecimal, toThousandths } from '@runik/rules';

/** Under this coverage the game account's RNK could not pay every paid player's RUNIK at once. */
export const COVERAGE_WARNING_BELOW = 1;

/** The days the operator may pick; the report's own default (30) among them. */
export const DAY_CHOICES = [7, 30, 90, 365] as const;

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

/** The report lists the newest day first; charts read left to right, oldest first. */
export function oldestFirst(days: EconomyDay[]): EconomyDay[] {
  return [...days].reverse();
}

export interface ReasonSeries {
  reason: string;
  /** One amount a day, in the order of the days given (0 on days without that reason). */
  amounts: number[];
}

/** One series per reason that appears on any of the days, sorted by reason. */
export function seriesByReason(days: EconomyDay[], byReason: (day: EconomyDay) => Record<string, number>): ReasonSeries[] {
  const reasons = [...new Set(days.flatMap((day) => Object.keys(byReason(day))))].sort();
  return reasons.map((reason) => ({ reason, amounts: days.map((day) => byReason(day)[reason] ?? 0) }));
}
