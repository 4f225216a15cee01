/** Gear trading money (spec, section 9); prices are whole RUNIK, amounts returned in thousandths. */
export const LISTING_FEE_MIN = 10;
export const LISTING_FEE_PERCENT = 2;
export const SELLER_SHARE_PERCENT = 96;

/** The listing fee: the larger of 10 and 2% of the price rounded up, in thousandths. */
export function listingFee(price: number): number {
  return Math.max(LISTING_FEE_MIN, Math.ceil((price * LISTING_FEE_PERCENT) / 100)) * 1000;
}

/** What a sale pays the seller (96% of the price rounded down to whole RUNIK) and the tax account (the rest), in thousandths. */
export function saleSplit(price: number): { seller: number; tax: number } {
  const seller = Math.floor((price * SELLER_SHARE_PERCENT) / 100);
  return { seller: seller * 1000, tax: (price - seller) * 1000 };
}

export const MARKETPLACE_SORTS = ['newest', 'oldest', 'priceAsc', 'priceDesc', 'rarity'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

/** Listings per marketplace page. */
export const MARKETPLACE_PAGE_SIZE = 20;
/** The highest price a listing may ask, in whole RUNIK (keeps every amount exact in thousandths). */
export const MAX_LISTING_PRICE = 1_000_000_000;
