import { z } from 'zod';
import {
  formatRunikDecimal as runik,
  GEAR_CATEGORIES,
  GEAR_RARITIES,
  GEAR_TYPES,
  MARKETPLACE_SORTS,
  MAX_LISTING_PRICE,
} from '@runik/rules';
import { hiveUsernameSchema } from '../common/schemas';
import { gearIdSchema } from '../gear/gear.contract';
import type { Gear } from '../gear/gear.contract';

/** Whole RUNIK (up to 3 decimals) in the game's one number format. */

/** Gear trading messages: the spec's verbatim where it gives them (sections 5, 6 and 8), ours otherwise. */
export const TradingMessages = {
  tradingRestricted:
    'Trading Restricted — Your account does not have trading privileges. Please contact support to enable trading on your account.',
  selectGearAndPrice: 'Please select a gear and enter a price',
  invalidPrice: 'Price must be a whole number of RUNIK of at least 1.',
  listingFeeShort: (fee: number) => `Insufficient RUNIK. You need ${runik(fee)} RUNIK to list this item.`,
  priceShort: (price: number) => `Insufficient RUNIK. You need ${runik(price)} RUNIK to buy this item.`,
  lockedRunikShort: (price: number) =>
    `Insufficient withdrawable RUNIK. You need ${runik(price)} RUNIK to buy this item: RUNIK bought with SWAP.HIVE or kept back at your activation cannot pay another player.`,
  invalidListingId: 'Invalid listing id.',
  listingNotFound: 'Listing not found.',
  notYourListing: 'This listing is not yours.',
  listingClosed: 'This listing is no longer available.',
  ownListing: 'You cannot buy your own listing.',
  gearEquipped: 'Unequip this gear before listing it.',
  alreadyListed: 'This gear is already listed.',
  invalidPage: 'page must be a whole number of at least 1.',
  unknownSort: 'Unknown sort.',
  listed: (fee: number) => `Gear listed successfully! Fee: ${runik(fee)} RUNIK`,
  removed: 'Listing removed successfully!',
  purchased: 'Gear purchased successfully!',
  // Client texts (section 8).
  loginMarketplace: 'Please log in to access the marketplace.',
  failedUserData: 'Failed to load user data',
  failedMarketplace: 'Failed to fetch marketplace listings',
  failedMyListings: 'Failed to fetch your listings',
  failedRemove: 'Failed to remove listing',
  failedList: 'Failed to list gear',
  failedPurchase: 'Failed to purchase gear',
} as const;

export const listingIdSchema = z
  .number({ error: TradingMessages.invalidListingId })
  .int(TradingMessages.invalidListingId)
  .positive(TradingMessages.invalidListingId)
  .max(Number.MAX_SAFE_INTEGER, TradingMessages.invalidListingId);

export const tradingUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });

export const marketplaceQuerySchema = z.strictObject({
  category: z.enum(GEAR_CATEGORIES, { error: 'Unknown gear category.' }).optional(),
  type: z.enum(GEAR_TYPES, { error: 'Unknown gear type.' }).optional(),
  rarity: z.enum(GEAR_RARITIES, { error: 'Unknown rarity.' }).optional(),
  sortBy: z.enum(MARKETPLACE_SORTS, { error: TradingMessages.unknownSort }).optional().default('newest'),
  /** The spec's field; the requester's own listings are always left out (the session names them). */
  excludeUser: hiveUsernameSchema.optional(),
  page: z
    .string({ error: TradingMessages.invalidPage })
    .regex(/^[1-9]\d{0,8}$/, TradingMessages.invalidPage)
    .transform(Number)
    .optional()
    .default(1),
});
export type MarketplaceQuery = z.infer<typeof marketplaceQuerySchema>;

export const listGearSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  gearId: gearIdSchema,
  price: z
    .number({ error: TradingMessages.invalidPrice })
    .int(TradingMessages.invalidPrice)
    .min(1, TradingMessages.invalidPrice)
    .max(MAX_LISTING_PRICE, TradingMessages.invalidPrice),
});
export type ListGearRequest = z.infer<typeof listGearSchema>;

export const unlistGearSchema = z.strictObject({ hiveUsername: hiveUsernameSchema, listingId: listingIdSchema });
export type UnlistGearRequest = z.infer<typeof unlistGearSchema>;

export const buyGearSchema = z.strictObject({ buyerUsername: hiveUsernameSchema, listingId: listingIdSchema });
export type BuyGearRequest = z.infer<typeof buyGearSchema>;

export interface UserTradeDataResponse {
  canWithdraw: boolean;
  runikBalance: number;
}

export interface Listing {
  _id: number;
  gear: Gear;
  /** Whole RUNIK. */
  price: number;
  sellerUsername: string;
  listedAt: string;
}

export interface MarketplaceResponse {
  listings: Listing[];
  page: number;
  totalPages: number;
}

export interface MyListingsResponse {
  listings: Listing[];
}

export interface TradingActionResponse {
  success: true;
  message: string;
}

export interface ListGearResponse extends TradingActionResponse {
  listing: Listing;
  /** Whole RUNIK paid for listing. */
  fee: number;
}
