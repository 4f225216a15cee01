import { floorTo, formatDecimal, parseDecimal } from '@runik/rules';

function amountPattern(decimals: number): RegExp {
  return decimals === 0 ? /^\d*$/ : new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`);
}

/** Whether `text` may stand in an amount field while typing: digits, then at most `decimals` decimals. */
export function isAmountDraft(text: string, decimals: number): boolean {
  return amountPattern(decimals).test(text);
}

/**
 * The amount typed in a field, in thousandths, or null when it is no amount. Accepts what
 * players type ("007", "5.", ".5"), which parseDecimal alone would refuse.
 */
export function parseAmountInput(text: string, decimals: number): number | null {
  const trimmed = text.trim();
  if (!isAmountDraft(trimmed, decimals) || !/\d/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  const canonical = `${whole.replace(/^0+(?=\d)/, '') || '0'}${fraction ? `.${fraction}` : ''}`;
  return parseDecimal(canonical, 3);
}

/** A whole number typed in a field (troops, minutes), or null. */
export function parseWholeNumber(text: string): number | null {
  const thousandths = parseAmountInput(text, 0);
  return thousandths === null ? null : thousandths / 1000;
}

/** Thousandths as a decimal string with `decimals` places, rounded down: what inputs show and requests send. */
export function toDecimalString(thousandths: number, decimals: number): string {
  return formatDecimal(floorTo(thousandths, decimals) / 10 ** (3 - decimals), decimals);
}
