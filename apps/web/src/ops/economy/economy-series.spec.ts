import { describe, expect, it } from 'vitest';
import type { EconomyDay, EmissionDayReport } from '@runik/contract';
import {
  amountLeft,
  coverageLevel,
  emissionDaysOldestFirst,
  formatAmount,
  formatCap,
  formatCoverage,
  formatSwapHive,
  liabilitySeries,
  NOW_LABEL,
  oldestFirst,
  seriesByReason,
} from './economy-series';

const gameDay = (day: string, fields: Partial<EmissionDayReport> = {}): EmissionDayReport => ({
  day,
  budget: 1000,
  used: 0,
  sizedFromTreasury: true,
  treasuryRnk: 500,
  owedRunik: 400,
  coverage: 1.25,
  ...fields,
});

const day = (date: string, mintedByReason: EconomyDay['mintedByReason']): EconomyDay => ({
  date,
  minted: Object.values(mintedByReason).reduce((sum, amount) => sum + amount, 0),
  burned: 0,
  resourcePurchases: 0,
  fees: 0,
  tax: 0,
  deposits: 0,
  withdrawals: 0,
  mintedByReason,
  burnedByReason: {},
});

describe('economy page figures', () => {
  it('warns under a coverage of 1 and says when nothing is owed', () => {
    expect(coverageLevel(null)).toBe('none');
    expect(coverageLevel(0.999)).toBe('short');
    expect(coverageLevel(1)).toBe('covered');
    expect(formatCoverage(null)).toBe('nothing owed');
    expect(formatCoverage(0.85)).toBe('0.850');
  });

  it('shows amounts with exactly 3 decimals, without floating-point noise', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.300');
    expect(formatAmount(-62.5)).toBe('-62.500');
    expect(formatAmount(1234567.891)).toBe('1,234,567.891');
  });

  it('turns the newest-first days into one series per reason, oldest first, 0 where a day lacks it', () => {
    const days = oldestFirst([
      day('2026-03-02', { 'convert-to-runik': 2 }),
      day('2026-03-01', { 'citadel-reward': 0.5, 'convert-to-runik': 1 }),
    ]);
    expect(days.map((entry) => entry.date)).toEqual(['2026-03-01', '2026-03-02']);
    expect(seriesByReason(days, (entry) => entry.mintedByReason)).toEqual([
      { reason: 'citadel-reward', amounts: [0.5, 0] },
      { reason: 'convert-to-runik', amounts: [1, 2] },
    ]);
    expect(seriesByReason(days, (entry) => entry.burnedByReason)).toEqual([]);
  });

  it('shows SWAP.HIVE (8 decimals on the chain) with 3, rounded down, caps that are off, and what is left without noise', () => {
    expect(formatSwapHive(12.34567891)).toBe('12.345');
    expect(formatSwapHive(0.0009)).toBe('0.000');
    expect(formatSwapHive(1234.5)).toBe('1,234.500');
    expect(formatCap(null)).toBe('off');
    expect(formatCap(500)).toBe('500.000');
    expect(amountLeft(0.3, 0.1)).toBe(0.2);
    expect(formatAmount(amountLeft(1000, 999.7))).toBe('0.300');
    expect(amountLeft(10, 12)).toBe(0);
  });

  it('charts the game days oldest first with today as emissionToday reads it, even before its row is listed', () => {
    const today = gameDay('2026-03-03', { used: 250, sizedFromTreasury: false, treasuryRnk: null, owedRunik: null, coverage: null });
    const listed = [gameDay('2026-03-03', { used: 100 }), gameDay('2026-03-01'), gameDay('2026-03-02')];
    expect(emissionDaysOldestFirst({ emissionToday: today, emissionDays: listed })).toEqual([
      gameDay('2026-03-01'),
      gameDay('2026-03-02'),
      today,
    ]);
    expect(emissionDaysOldestFirst({ emissionToday: today, emissionDays: [] })).toEqual([today]);
  });

  it("draws owed, treasury and coverage at each sizing and ends on the report's figures now, gaps where a day was not sized", () => {
    const series = liabilitySeries({
      emissionToday: gameDay('2026-03-02', { sizedFromTreasury: false, treasuryRnk: null, owedRunik: null, coverage: null }),
      emissionDays: [gameDay('2026-03-01', { treasuryRnk: 90, owedRunik: 100, coverage: 0.9 })],
      owedRunik: 120,
      treasuryRnk: 96,
      coverage: 0.8,
    });
    expect(series).toEqual({
      labels: ['2026-03-01', '2026-03-02', NOW_LABEL],
      owed: [100, null, 120],
      treasury: [90, null, 96],
      coverage: [0.9, null, 0.8],
    });
  });
});
