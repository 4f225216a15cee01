import { TradingMessages, type Listing } from '@runik/contract';
import { toUserMessage } from '../../shared/errors';
import { useConfirm } from '../../ui/ConfirmDialog';
import { StatePanel } from '../../ui/StatePanel';
import { displayName } from '../../shared/gear/gear-format';
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

  const confirm = useConfirm();

  const onRemove = async (listing: Listing) => {
    if (await confirm({ message: TradingConfirms.remove(displayName(listing.gear)), confirmLabel: 'Remove', danger: true }))
      remove.mutate(listing);
  };

  if (!listings.data) {
    return listings.isError ? (
      <StatePanel error onRetry={() => void listings.refetch()}>
        {toUserMessage(listings.error, TradingMessages.failedMyListings)}
      </StatePanel>
    ) : (
      <StatePanel>{TradingTexts.loadingListings}</StatePanel>
    );
  }
  if (listings.data.length === 0) return <StatePanel>{TradingTexts.noMyListings}</StatePanel>;
  return (
    <ul className="tile-grid trading-listings" aria-label="My listings">
      {listings.data.map((listing) => (
        <ListingCard
          key={listing._id}
          listing={listing}
          testId={`my-listing-${listing._id}`}
          showSeller={false}
          action="Remove"
          disabled={!canTrade || remove.isPending}
          busy={remove.isPending && remove.variables._id === listing._id}
          onAction={(listing) => void onRemove(listing)}
        />
      ))}
    </ul>
  );
}
