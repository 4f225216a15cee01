import { TradingMessages, type Listing } from '@runik/contract';
import { toUserMessage } from '../../app/errors';
import { displayName } from '../gears/gear-format';
import { GearPlaceholder } from '../gears/GearFeedback';
import { ListingCard } from './ListingCard';
import { postUnlistGear, useMyListings } from './trading-api';
import { TradingConfirms, TradingTexts } from './trading-texts';
import { useTradeAction, type TradeContext } from './use-trade-action';

/** The player's active listings, each with Remove (confirmed; the fee is not refunded). */
export function MyListingsTab({ context }: { context: TradeContext }) {
  const { username, canTrade } = context;
  const listings = useMyListings(username);
  const remove = useTradeAction(context, {
    request: (listing: Listing) => postUnlistGear({ hiveUsername: username, listingId: listing._id }),
    fallback: TradingMessages.failedRemove,
    success: () => TradingMessages.removed,
  });

  const onRemove = (listing: Listing) => {
    if (window.confirm(TradingConfirms.remove(displayName(listing.gear)))) remove.mutate(listing);
  };

  if (!listings.data) {
    return listings.isError ? (
      <GearPlaceholder error>{toUserMessage(listings.error, TradingMessages.failedMyListings)}</GearPlaceholder>
    ) : (
      <GearPlaceholder>{TradingTexts.loadingListings}</GearPlaceholder>
    );
  }
  if (listings.data.length === 0) return <GearPlaceholder>{TradingTexts.noMyListings}</GearPlaceholder>;
  return (
    <ul className="gear-grid trading-listings" aria-label="My listings">
      {listings.data.map((listing) => (
        <ListingCard
          key={listing._id}
          listing={listing}
          testId={`my-listing-${listing._id}`}
          showSeller={false}
          action="Remove"
          disabled={!canTrade || remove.isPending}
          busy={remove.isPending && remove.variables._id === listing._id}
          onAction={onRemove}
        />
      ))}
    </ul>
  );
}
