import type { Listing } from '@runik/contract';
import { GearCard } from '../gears/GearCard';
import { TradingTexts } from './trading-texts';

interface ListingCardProps {
  listing: Listing;
  testId: string;
  /** Seller shown in the marketplace; the player's own listings leave it out. */
  showSeller?: boolean;
  action: 'Buy' | 'Remove';
  /** Why the action is closed to this listing, shown under it (a short balance). */
  blockedReason?: string | null;
  disabled: boolean;
  busy: boolean;
  onAction: (listing: Listing) => void;
}

/** A listed gear: its card, the price, the seller and Buy (marketplace) or Remove (my listings). */
export function ListingCard({ listing, testId, showSeller = true, action, blockedReason = null, disabled, busy, onAction }: ListingCardProps) {
  return (
    <li className="trading-listing" data-testid={testId}>
      <GearCard gear={listing.gear}>
        <dl className="trading-listing__facts">
          <div>
            <dt>Price</dt>
            <dd data-testid="listing-price">{TradingTexts.price(listing.price)}</dd>
          </div>
          {showSeller && (
            <div>
              <dt>Seller</dt>
              <dd data-testid="listing-seller">{listing.sellerUsername}</dd>
            </div>
          )}
        </dl>
        <button
          type="button"
          className={action === 'Buy' ? 'button button--primary' : 'button trading-button--danger'}
          disabled={disabled || blockedReason !== null}
          aria-busy={busy}
          onClick={() => onAction(listing)}
        >
          {action}
        </button>
        {blockedReason && (
          <p className="trading-listing__blocked" data-testid="listing-blocked">
            {blockedReason}
          </p>
        )}
      </GearCard>
    </li>
  );
}

