import { formatAmount, formatDecimal } from '@runik/rules';

/**
 * Prices and balances arrive as plain numbers (12.5, not thousandths). They become thousandths
 * here, at the display boundary: a price rounds up and a balance down, so neither is overstated
 * in the player's favour.
 */
function toThousandths(value: number, round: 'up' | 'down'): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  // Millionths first absorb floating-point noise (1.001 * 1000 = 1000.9999999999999).
  const millionths = Math.round(value * 1_000_000);
  return round === 'up' ? Math.ceil(millionths / 1_000) : Math.floor(millionths / 1_000);
}

/** A price as a SWAP.HIVE payment sends it through Keychain: plain digits, three decimals ("1000.000"). */
export function swapHiveQuantity(value: number): string {
  return formatDecimal(toThousandths(value, 'up'), 3);
}

/**
 * A price for reading, in the game's one number format: SWAP.HIVE with its three decimals (spec),
 * a whole RUNIK price without ".000" ("1,000", "0.500": issue 35).
 */
export function formatPrice(value: number, currency: string): string {
  return formatAmount(toThousandths(value, 'up'), { bareWhole: currency === 'RUNIK' });
}

/** A balance with three decimals, never rounded up. */
export function formatBalance(value: number): string {
  return formatAmount(toThousandths(value, 'down'));
}
