import { useId, useState, type FormEvent } from 'react';
import { formatCountdown, formatRunik, RNK_DECIMALS } from '@runik/rules';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { getKeychain } from '../../../wallet/keychain';
import { confirmAction } from '../city-actions';
import { useNow } from '../city-clock';
import { isAmountDraft, parseAmountInput, toDecimalString } from '../city-format';
import { WithdrawMessages } from '../city-messages';
import type { CityState } from '../city-state';
import { useWithdraw, useWithdrawStatus } from '../use-withdraw';
import { AmountField } from './AmountField';

interface WithdrawModalProps {
  username: string;
  city: CityState;
  onClose: () => void;
}

/** The cooldown message with a live h:mm:ss countdown, or null once withdrawing is allowed. */
function useCooldown(username: string, enabled: boolean): string | null {
  const status = useWithdrawStatus(username, enabled);
  const now = useNow();
  if (!status.data || status.data.canWithdraw) return null;
  const remainingMs = status.data.remainingMs - (now - status.dataUpdatedAt);
  return remainingMs > 0 ? WithdrawMessages.cooldown(formatCountdown(remainingMs)) : null;
}

/** Withdraw RUNIK: from the city to the player's Hive Engine wallet (spec sections 4, 5, 8). */
export function WithdrawModal({ username, city, onClose }: WithdrawModalProps) {
  return (
    <Modal title="Withdraw RUNIK" onClose={onClose} testId="withdraw-modal">
      {city.canWithdraw ? (
        <WithdrawForm username={username} city={city} />
      ) : (
        <p className="city-note" data-testid="withdrawals-disabled">
          {WithdrawMessages.disabled}
        </p>
      )}
    </Modal>
  );
}

function WithdrawForm({ username, city }: Omit<WithdrawModalProps, 'onClose'>) {
  const amountId = useId();
  const [amountText, setAmountText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const cooldown = useCooldown(username, true);
  const withdraw = useWithdraw(username);
  const { outcome } = withdraw;
  // RUNIK held, rounded down to 3 decimals (spec section 9).
  const held = Math.floor(city.holdings.runik);

  const changeAmount = (text: string) => {
    if (!isAmountDraft(text, RNK_DECIMALS)) return;
    setFormError(null);
    withdraw.reset();
    setAmountText(text);
  };

  const validate = (amount: number | null): string | null => {
    if (amount === null || amount <= 0) return WithdrawMessages.invalidAmount;
    if (amount > held) return WithdrawMessages.notEnoughRunik(formatRunik(held));
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmountInput(amountText, RNK_DECIMALS);
    const problem =
      withdraw.refusal() ?? cooldown ?? validate(amount) ?? (getKeychain() ? null : WithdrawMessages.keychainMissing);
    setFormError(problem);
    if (problem || amount === null) return;
    if (!confirmAction(WithdrawMessages.confirm(formatRunik(amount)))) return;
    void withdraw.start(amount);
  };

  return (
    <form className="city-popup" onSubmit={submit} noValidate>
      <p className="city-popup__lead">
        RUNIK held: <span data-testid="withdraw-held">{formatRunik(held)}</span> RUNIK
      </p>
      <AmountField
        id={amountId}
        label="Amount"
        placeholder="0.000"
        value={amountText}
        onChange={changeAmount}
        onMax={() => changeAmount(toDecimalString(held, RNK_DECIMALS))}
      />
      {cooldown && (
        <p className="city-note" role="status" data-testid="withdraw-status">
          {cooldown}
        </p>
      )}
      {formError && <Message tone="error">{formError}</Message>}
      {outcome && (
        <div data-testid="withdraw-outcome" data-kind={outcome.kind}>
          <Message tone={outcome.kind === 'success' ? 'info' : 'error'}>{outcome.message}</Message>
          {outcome.kind === 'success' && outcome.transactionId && (
            <Message tone="info">{WithdrawMessages.alreadyProcessed(outcome.transactionId)}</Message>
          )}
        </div>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={cooldown !== null && !withdraw.busy}
        aria-busy={withdraw.busy}
      >
        {withdraw.busy ? 'Processing...' : 'Withdraw'}
      </button>
    </form>
  );
}
