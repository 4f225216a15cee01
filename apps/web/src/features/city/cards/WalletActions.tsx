import { CityHints } from '../city-messages';

interface WalletActionsProps {
  onDeposit: () => void;
}

/** Deposit RUNIK opens its popup; Withdraw stays a placeholder until the withdraw popup replaces it. */
export function WalletActions({ onDeposit }: WalletActionsProps) {
  return (
    <div className="city-card__actions" data-testid="wallet-actions">
      <button type="button" className="button city-card__action" onClick={onDeposit}>
        Deposit
      </button>
      <button type="button" className="button city-card__action" disabled title={CityHints.comingSoon}>
        Withdraw
      </button>
    </div>
  );
}
