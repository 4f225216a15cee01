import { describe, expect, it } from 'vitest';
import type { EconomyDay } from '@runik/contract';
import { coverageLevel, formatAmount, formatCoverage, oldestFirst, seriesByReason } from './economy-series';

const day = (date: string, mintedByReason: Record<string, number>): EconomyDay => ({
  date,
  minted: Object.values(mintedByReason).reduce((sum, amount) => sum + amount, 0),
  burned: 0,
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
    const days = oldestFirst([day('2026-03-02', { 'convert-to-runik': 2 }), day('2026-03-01', { 'citadel-reward': 0.5, 'convert-to-runik': 1 })]);
    expect(days.map((entry) => entry.date)).toEqual(['2026-03-01', '2026-03-02']);
    expect(seriesByReason(days, (entry) => entry.mintedByReason)).toEqual([
      { reason: 'citadel-reward', amounts: [0.5, 0] },
      { reason: 'convert-to-runik', amounts: [1, 2] },
    ]);
    expect(seriesByReason(days, (entry) => entry.burnedByReason)).toEqual([]);
  });
});
