import { listingFee, MAX_LISTING_PRICE, saleSplit } from '@runik/rules';

/** The fee to list at `price`, in whole RUNIK (the rules count thousandths). */
export function listingFeeRunik(price: number): number {
  return listingFee(price) / 1000;
}

/** What the seller gets when the listing sells, in whole RUNIK. */
export function sellerReceivesRunik(price: number): number {
  return saleSplit(price).seller / 1000;
}

export type PriceInput = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'valid'; price: number };

/** The price field read as the spec's rule: a whole number of RUNIK of at least 1 (section 5). */
export function parsePrice(text: string): PriceInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d+$/.test(trimmed)) return { kind: 'invalid' };
  const price = Number(trimmed);
  return price >= 1 && price <= MAX_LISTING_PRICE ? { kind: 'valid', price } : { kind: 'invalid' };
}
