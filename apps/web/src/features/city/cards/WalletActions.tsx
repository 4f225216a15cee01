import { CityHints } from '../city-messages';

/**
 * Deposit and Withdraw RUNIK: placeholders until the wallet issue replaces this component
 * with the Deposit RUNIK and Withdraw RUNIK popups (spec sections 4, 5 and 9).
 */
export function WalletActions() {
  return (
    <div className="city-card__actions" data-testid="wallet-actions">
      <button type="button" className="button city-card__action" disabled title={CityHints.comingSoon}>
        Deposit
      </button>
      <button type="button" className="button city-card__action" disabled title={CityHints.comingSoon}>
        Withdraw
      </button>
    </div>
  );
}
