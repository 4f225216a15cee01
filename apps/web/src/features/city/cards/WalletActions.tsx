interface WalletActionsProps {
  onDeposit: () => void;
  onWithdraw: () => void;
}

/** Deposit RUNIK and Withdraw RUNIK each open their popup. */
export function WalletActions({ onDeposit, onWithdraw }: WalletActionsProps) {
  return (
    <div className="city-card__actions" data-testid="wallet-actions">
      <button type="button" className="button city-card__action" onClick={onDeposit}>
        Deposit
      </button>
      <button type="button" className="button city-card__action" onClick={onWithdraw}>
        Withdraw
      </button>
    </div>
  );
}
