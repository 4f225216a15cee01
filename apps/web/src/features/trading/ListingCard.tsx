import type { Listing } from '@runik/contract';
import { StatList, StatRow } from '../../ui/StatList';
import { GearCard } from '../../shared/gear/GearCard';
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
export function ListingCard({
  listing,
  testId,
  showSeller = true,
  action,
  blockedReason = null,
  disabled,
  busy,
  onAction,
}: ListingCardProps) {
  return (
    <li className="trading-listing" data-testid={testId}>
      <GearCard gear={listing.gear}>
        <StatList variant="inline">
          <StatRow label="Price" testId="listing-price">
            {TradingTexts.price(listing.price)}
          </StatRow>
          {showSeller && (
            <StatRow label="Seller" testId="listing-seller">
              {listing.sellerUsername}
            </StatRow>
          )}
        </StatList>
        <button
          type="button"
          className={action === 'Buy' ? 'button button--primary' : 'button button--danger'}
          disabled={disabled || blockedReason !== null}
          aria-busy={busy}
          onClick={() => onAction(listing)}
        >
          {action}
        </button>
        {blockedReason && (
          <p className="hint hint--error" data-testid="listing-blocked">
            {blockedReason}
          </p>
        )}
      </GearCard>
    </li>
  );
}
