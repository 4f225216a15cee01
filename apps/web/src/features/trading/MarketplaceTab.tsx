import { useEffect, useState } from 'react';
import { TradingMessages, type Listing, type MarketplaceResponse } from '@runik/contract';
import { toUserMessage } from '../../shared/errors';
import { useConfirm } from '../../ui/ConfirmDialog';
import { StatePanel } from '../../ui/StatePanel';
import { displayName } from '../../shared/gear/gear-format';
import { ListingCard } from './ListingCard';
import { MarketplaceFilters } from './MarketplaceFilters';
import { postBuyGear, useMarketplaceListings } from './trading-api';
import { DEFAULT_MARKETPLACE_FILTER, type MarketplaceFilter } from './trading-filters';
import { TradingConfirms, TradingTexts } from './trading-texts';
import { useTradeAction, type TradeContext } from './use-trade-action';
import { Pager } from '../../ui/Pager';

/** Other players' listings: filters, a page of listings with Buy, and Previous / Next. */
export function MarketplaceTab({ context }: { context: TradeContext }) {
  const [filter, setFilter] = useState<MarketplaceFilter>(DEFAULT_MARKETPLACE_FILTER);
  const listings = useMarketplaceListings(context.username, filter);
  const data = listings.data;
  // No listings still reads as one (empty) page.
  const totalPages = data ? Math.max(1, data.totalPages) : null;

  // A purchase can empty the last page: step back to the new last one.
  useEffect(() => {
    if (totalPages !== null && !listings.isPlaceholderData && filter.page > totalPages)
      setFilter((previous) => ({ ...previous, page: totalPages }));
  }, [totalPages, listings.isPlaceholderData, filter.page]);

  let content;
  if (listings.isError)
    content = (
      <StatePanel error onRetry={() => void listings.refetch()}>
        {toUserMessage(listings.error, TradingMessages.failedMarketplace)}
      </StatePanel>
    );
  else if (!data || totalPages === null) content = <StatePanel>{TradingTexts.loadingListings}</StatePanel>;
  else
    content = (
      <>
        <ListingGrid context={context} listings={data} loading={listings.isFetching} />
        <Pager
          page={data.page}
          totalPages={totalPages}
          onPage={(page) => setFilter({ ...filter, page })}
          label="Listing pages"
          testId="trading-page"
        />
      </>
    );

  return (
    <div className="trading-tab">
      <MarketplaceFilters filter={filter} onChange={setFilter} />
      {content}
    </div>
  );
}

interface ListingGridProps {
  context: TradeContext;
  listings: MarketplaceResponse;
  loading: boolean;
}

/** A page of listings, each with Buy: confirmed with the price, closed when the balance is short. */
function ListingGrid({ context, listings, loading }: ListingGridProps) {
  const { username, canTrade, runikBalance } = context;
  const buy = useTradeAction(context, {
    request: (listing: Listing) => postBuyGear({ buyerUsername: username, listingId: listing._id }),
    fallback: TradingMessages.failedPurchase,
    success: () => TradingMessages.purchased,
  });

  const confirm = useConfirm();

  const onBuy = async (listing: Listing) => {
    if (
      await confirm({ message: TradingConfirms.buy(displayName(listing.gear), listing.sellerUsername, listing.price), confirmLabel: 'Buy' })
    )
      buy.mutate(listing);
  };

  if (listings.listings.length === 0) return <StatePanel>{TradingTexts.noListings}</StatePanel>;
  return (
    <ul className="tile-grid trading-listings" aria-label="Listings" aria-busy={loading}>
      {listings.listings.map((listing) => (
        <ListingCard
          key={listing._id}
          listing={listing}
          testId={`listing-${listing._id}`}
          action="Buy"
          // The spec's rule (section 5): the balance must cover the price.
          blockedReason={runikBalance < listing.price ? TradingMessages.priceShort(listing.price) : null}
          disabled={!canTrade || buy.isPending}
          busy={buy.isPending && buy.variables._id === listing._id}
          onAction={(listing) => void onBuy(listing)}
        />
      ))}
    </ul>
  );
}
