import { toThousandths } from '../city/fixed-point';
import { parseDecimal, THOUSANDTHS } from './amount';

/**
 * The one number format players read, on every screen and in every server message: en-US digits
 * grouped by "," and a fixed number of decimals. Inputs and wire formats (Keychain, Hive Engine)
 * keep formatDecimal's plain digits instead.
 */
export interface AmountFormat {
  /** Decimal places of the minor unit the amount is counted in (3: thousandths). */
  decimals?: number;
  /** Decimal places shown; the rest is rounded down. */
  shown?: number;
  /** Drop trailing fraction zeros ("61.5", "40"): for points and percents, not for money. */
  trimZeros?: boolean;
  /** Drop the fraction only when it is all zeros ("25,000", but "12.500"): whole prices and costs outside money forms. */
  bareWhole?: boolean;
}

/** Rounds down (toward negative infinity, as floorTo does), so a shown amount never exceeds the real one. */
function floorDiv(value: bigint, step: bigint): bigint {
  const quotient = value / step;
  return value < 0n && quotient * step !== value ? quotient - 1n : quotient;
}

/** "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An exact amount of minor units for reading: "30,446.60". A fractional number of units is rounded down first. */
export function formatAmount(
  units: number | bigint,
  { decimals = THOUSANDTHS, shown = decimals, trimZeros = false, bareWhole = false }: AmountFormat = {},
): string {
  const exact = typeof units === 'bigint' ? units : BigInt(Math.floor(units));
  const rounded = floorDiv(exact, 10n ** BigInt(Math.max(0, decimals - shown)));
  const places = Math.min(shown, decimals);
  const negative = rounded < 0n;
  const abs = negative ? -rounded : rounded;
  const scale = 10n ** BigInt(places);
  let fraction = places > 0 ? (abs % scale).toString().padStart(places, '0') : '';
  if (trimZeros || (bareWhole && /^0*$/.test(fraction))) fraction = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${groupThousands((abs / scale).toString())}${fraction ? `.${fraction}` : ''}`;
}

/** Troops, levels, members, packs: whole counts with separators ("1,200"). */
export function formatCount(count: number | bigint): string {
  return formatAmount(count, { decimals: 0 });
}

/** Resources are shown rounded down to 2 decimals (spec). */
export function formatResource(thousandths: number | bigint): string {
  return formatAmount(thousandths, { shown: 2 });
}

/** RUNIK is shown rounded down to 3 decimals (spec). */
export function formatRunik(thousandths: number | bigint): string {
  return formatAmount(thousandths);
}

/**
 * RUNIK outside money forms (issue 35): a whole amount without ".000" ("25,000 RUNIK" for an
 * alliance), any other to 3 decimals. Money forms and server messages keep formatRunik.
 */
export function formatRunikBrief(thousandths: number | bigint): string {
  return formatAmount(thousandths, { bareWhole: true });
}

/** A decimal RUNIK amount as the API carries it, in formatRunikBrief's format. */
export function formatRunikBriefDecimal(amount: number): string {
  return formatRunikBrief(toThousandths(amount));
}

/** SWAP.HIVE amounts have three decimals (spec), like every Hive asset. */
export function formatSwapHive(thousandths: number | bigint): string {
  return formatAmount(thousandths);
}

/** A decimal amount as the API carries it (12.345 RUNIK), exact to the thousandth, in formatRunik's format. */
export function formatRunikDecimal(amount: number): string {
  return formatRunik(toThousandths(amount));
}

/** A decimal resource amount as the API carries it, in formatResource's format. */
export function formatResourceDecimal(amount: number): string {
  return formatResource(toThousandths(amount));
}

/** Power, damage, stat percents (3 decimals at most): without trailing zeros ("61.5", "1,200"). */
export function formatPoints(thousandths: number | bigint): string {
  return formatAmount(thousandths, { trimZeros: true });
}

/**
 * Army power, and the citadel's damage and hit points counted in it, as every screen shows them
 * (issue 35): whole power points, the rules' power × 1,000, so an infantry is 10, an archer 21 and a
 * cavalry 36 (docs/combat.md). The API keeps the rules' values (3 decimals); only the display scales.
 */
export function formatPowerPoints(power: number): string {
  return formatCount(toThousandths(power));
}

/** A percent (a plain number such as 33.3333) to at most 2 decimals, without trailing zeros ("33.33%", "100%"). */
export function formatPercent(percent: number): string {
  return `${formatAmount(Math.round(percent * 100), { decimals: 2, trimZeros: true })}%`;
}

/**
 * A token quantity as the chain carried it ("1.00000000" SWAP.HIVE has 8 decimals on Hive Engine),
 * shown with the game's 3 decimals; text that is no plain decimal is shown as it came.
 */
export function formatChainQuantity(quantity: string): string {
  const fraction = quantity.split('.')[1] ?? '';
  const units = parseDecimal(quantity, Math.max(fraction.length, THOUSANDTHS));
  return units === null ? quantity : formatAmount(units, { decimals: Math.max(fraction.length, THOUSANDTHS), shown: THOUSANDTHS });
}
