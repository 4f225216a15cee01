import { formatDecimal, LEADERBOARD_PAGE_SIZE, toThousandths } from '@runik/rules';

/** Army power and damage (power points, 3 decimals): up to 3 decimals without trailing zeros, like the Attack screen. */
export function formatPoints(value: number): string {
  return formatDecimal(toThousandths(value), 3).replace(/\.?0+$/, '');
}

/** The players a page shows, counted from 1: 'Showing a-b of n players' (spec section 2). */
export function pageRange(page: number, rowsOnPage: number): { first: number; last: number } {
  const first = (page - 1) * LEADERBOARD_PAGE_SIZE + 1;
  return { first, last: first + rowsOnPage - 1 };
}
