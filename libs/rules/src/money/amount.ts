/**
 * Exact decimal amounts as integers of a fixed number of minor units
 * (thousandths for RUNIK and resources). No floating point touches an amount.
 */

export const THOUSANDTHS = 3;

const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * Parses a plain decimal string ("12", "0.5", "3.125") into minor units.
 * Returns null for anything else: signs, exponents, too many decimals, or a
 * value beyond Number.MAX_SAFE_INTEGER minor units.
 */
export function parseDecimal(text: string, decimals: number = THOUSANDTHS): number | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const units = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return units <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(units) : null;
}

/** Minor units as plain digits with exactly `decimals` places: what inputs hold and the chain is sent (players read formatAmount). */
export function formatDecimal(units: number | bigint, decimals: number = THOUSANDTHS): string {
  const value = BigInt(units);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = abs / scale;
  const fraction = (abs % scale).toString().padStart(decimals, '0');
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Drops precision below `shownDecimals` (rounding toward zero: a display never overstates). */
export function truncateUnits(units: number, decimals: number, shownDecimals: number): number {
  const step = 10 ** (decimals - shownDecimals);
  return Math.trunc(units / step) * step;
}

/** Ceiling of a / b for non-negative bigints. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
