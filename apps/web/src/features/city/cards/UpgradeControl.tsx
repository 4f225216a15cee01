import { useId } from 'react';
import { formatRunikBrief, UPGRADE_CONFIRM_FROM } from '@runik/rules';
import { useConfirm } from '../../../ui/ConfirmDialog';
import type { UpgradeOffer } from '../city-catalog';

interface UpgradeControlProps {
  offer: UpgradeOffer;
  /** The building's name, for the confirmation of a dear upgrade. */
  name: string;
  /** The level the upgrade reaches. */
  nextLevel: number;
  busy: boolean;
  onUpgrade: () => void;
  /** Names the button for the first-steps guide, which may point at it. */
  firstStep?: string;
}

/** The upgrade cost and an Upgrade button; when it is disabled, the reason is written under it. */
export function UpgradeControl({ offer, name, nextLevel, busy, onUpgrade, firstStep }: UpgradeControlProps) {
  const reasonId = useId();
  const disabled = busy || offer.blockedBecause !== null;
  const confirm = useConfirm();
  // A dear upgrade says what it spends first (issue 35); a cheap one goes at once.
  const upgrade = async () => {
    if (offer.cost >= UPGRADE_CONFIRM_FROM) {
      const question = `Upgrade ${name} to level ${nextLevel} for ${formatRunikBrief(offer.cost)} RUNIK? Spent RUNIK is not refunded.`;
      if (!(await confirm({ title: 'Upgrade?', message: question, confirmLabel: 'Upgrade' }))) return;
    }
    onUpgrade();
  };
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
        onClick={() => void upgrade()}
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
