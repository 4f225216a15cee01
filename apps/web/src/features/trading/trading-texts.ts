import { formatRunikBriefDecimal, formatRunikDecimal, SELLER_SHARE_PERCENT } from '@runik/rules';

/** Texts of the Gear Marketplace that the spec leaves to us; the spec's own are TradingMessages in the contract. */
export const TradingTexts = {
  title: 'Gear Marketplace',
  loading: 'Loading your trading account...',
  balance: (runik: number) => `Balance: ${formatRunikDecimal(runik)} RUNIK`,
  loadingListings: 'Loading listings...',
  noListings: 'No gear is listed for these filters.',
  noMyListings: 'You have no active listings.',
  loadingGears: 'Loading your gears...',
  noAvailableGears: 'You have no gear to list: gear that is equipped or already listed cannot be listed.',
  price: (runik: number) => `${formatRunikBriefDecimal(runik)} RUNIK`,
  priceLabel: 'Price (RUNIK)',
  fee: (runik: number) => `Listing fee: ${formatRunikBriefDecimal(runik)} RUNIK`,
  feeNote: 'The fee is paid when listing and is not refunded if you remove the listing.',
  receives: (runik: number) => `You receive on sale: ${formatRunikBriefDecimal(runik)} RUNIK`,
  receivesNote: `The seller receives ${SELLER_SHARE_PERCENT}% of the price, rounded down.`,
  selected: (name: string) => `Selected: ${name}`,
  noneSelected: 'Choose a gear below.',
  // Below the spec's "Trading Restricted" notice, for a free account (issue 45): what the late activation opens.
  activationUnlocks:
    'Activating your account unlocks trading: buying gear, listing your own for sale and removing your listings, and withdrawing RUNIK.',
  activationLink: 'See the activation offer',
} as const;

/** The questions asked before a purchase or a removal (the game's confirmation, as on the City and Alliance pages). */
export const TradingConfirms = {
  // The fee is paid now and kept when the listing is removed (docs/decisions.md): said before it goes (issue 35).
  list: (gear: string, price: number, fee: number) =>
    `List ${gear} for ${formatRunikBriefDecimal(price)} RUNIK? The listing fee of ${formatRunikBriefDecimal(fee)} RUNIK is paid now and not refunded if you remove the listing.`,
  buy: (gear: string, seller: string, price: number) => `Buy ${gear} from ${seller} for ${formatRunikBriefDecimal(price)} RUNIK?`,
  remove: (gear: string) => `Remove ${gear} from the marketplace? The listing fee is not refunded.`,
} as const;
