import { formatRunik } from '@runik/rules';
import type { UpgradeOffer } from '../city-catalog';

interface UpgradeControlProps {
  offer: UpgradeOffer;
  busy: boolean;
  onUpgrade: () => void;
}

/** The upgrade cost and an Upgrade button, disabled with the reason as its title. */
export function UpgradeControl({ offer, busy, onUpgrade }: UpgradeControlProps) {
  const disabled = busy || offer.blockedBecause !== null;
  return (
    <div className="city-upgrade">
      <p className="city-stat">
        <span className="city-stat__label">Upgrade cost</span>
        <span className="city-stat__value" data-testid="upgrade-cost">
          {formatRunik(offer.cost)} RUNIK
        </span>
      </p>
      <button
        type="button"
        className="button button--primary city-card__action"
        disabled={disabled}
        aria-busy={busy}
        title={offer.blockedBecause ?? undefined}
        onClick={onUpgrade}
      >
        Upgrade
      </button>
    </div>
  );
}
