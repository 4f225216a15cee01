import { useId } from 'react';
import { formatRunikBrief } from '@runik/rules';
import type { UpgradeOffer } from '../city-catalog';

interface UpgradeControlProps {
  offer: UpgradeOffer;
  busy: boolean;
  onUpgrade: () => void;
  /** Names the button for the first-steps guide, which may point at it. */
  firstStep?: string;
}

/** The upgrade cost and an Upgrade button; when it is disabled, the reason is written under it. */
export function UpgradeControl({ offer, busy, onUpgrade, firstStep }: UpgradeControlProps) {
  const reasonId = useId();
  const disabled = busy || offer.blockedBecause !== null;
  return (
    <div className="city-upgrade">
      <p className="city-stat">
        <span className="city-stat__label">Upgrade cost</span>
        <span className="city-stat__value" data-testid="upgrade-cost">
          {formatRunikBrief(offer.cost)} RUNIK
        </span>
      </p>
      <button
        type="button"
        className="button button--primary city-card__action"
        disabled={disabled}
        aria-busy={busy}
        data-first-step={firstStep}
        aria-describedby={offer.blockedBecause ? reasonId : undefined}
        onClick={onUpgrade}
      >
        Upgrade
      </button>
      {/* On the page, not in a tooltip: touch screens never show one. */}
      {offer.blockedBecause && (
        <p id={reasonId} className="city-note" data-testid="upgrade-blocked">
          {offer.blockedBecause}
        </p>
      )}
    </div>
  );
}
