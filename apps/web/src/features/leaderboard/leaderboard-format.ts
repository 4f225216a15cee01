import { LEADERBOARD_PAGE_SIZE } from '@runik/rules';

/** The players a page shows, counted from 1: 'Showing a-b of n players' (spec section 2). */
export function pageRange(page: number, rowsOnPage: number): { first: number; last: number } {
  const first = (page - 1) * LEADERBOARD_PAGE_SIZE + 1;
  return { first, last: first + rowsOnPage - 1 };
}
