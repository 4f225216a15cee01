import { describe, expect, it } from 'vitest';
import { formatBalance, formatPrice, swapHiveQuantity } from './amounts';

describe('wallet amounts', () => {
  it('sends a price as plain digits and shows it grouped, both rounded up to 3 decimals', () => {
    expect(swapHiveQuantity(1234.5)).toBe('1234.500');
    expect(formatPrice(1234.5, 'SWAP.HIVE')).toBe('1,234.500');
    expect(swapHiveQuantity(1.0001)).toBe('1.001');
    expect(formatPrice(1.0001, 'RUNIK')).toBe('1.001');
  });

  it('shows a whole RUNIK price without .000, SWAP.HIVE always with its three decimals (spec)', () => {
    expect(formatPrice(25_000, 'RUNIK')).toBe('25,000');
    expect(formatPrice(12, 'SWAP.HIVE')).toBe('12.000');
  });

  it('shows a balance grouped and rounded down, without floating-point noise', () => {
    expect(formatBalance(20.12345678)).toBe('20.123');
    expect(formatBalance(1.001)).toBe('1.001');
    expect(formatBalance(1_000_000)).toBe('1,000,000.000');
    expect(formatBalance(-3)).toBe('0.000');
  });
});
