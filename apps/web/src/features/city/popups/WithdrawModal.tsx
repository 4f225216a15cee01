import { useId, useState, type FormEvent } from 'react';
import { formatCountdown, formatRunik, formatRunikDecimal as runik, RNK_DECIMALS, toThousandths } from '@runik/rules';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { walletMissing } from '../../../wallet/transfer';
import { rememberedWallet } from '../../../wallet/wallet-choice';
import { LateActivation } from '../../../shared/activation/LateActivation';
import { useNow } from '../../../shared/city-clock';
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

/**
 * The withdraw status with live h:mm:ss countdowns: the cooldown message (null once withdrawing is
 * allowed), the operators' daily caps with the time until they reset, and the withdrawals in line.
 */
function useWithdrawInfo(username: string) {
  const status = useWithdrawStatus(username, true);
  const now = useNow();
  const data = status.data;
  const elapsed = now - status.dataUpdatedAt;
  const remainingMs = data ? data.remainingMs - elapsed : 0;
  const cooldown = data && remainingMs > 0 ? WithdrawMessages.cooldown(formatCountdown(remainingMs)) : null;
  const limits = data?.limits ?? null;
  const resetsInMs = limits ? Math.max(0, limits.resetsInMs - elapsed) : 0;
  const resetsIn = formatCountdown(resetsInMs);
  /**
   * The server's own refusal for an amount over the account's cap, or null (past the reset the figures
   * are old: the server decides). Over the game's cap a withdrawal is not refused: it waits in line.
   */
  const overCap = (thousandths: number): string | null => {
    if (!limits || resetsInMs === 0) return null;
    if (limits.accountCap !== null && limits.accountRemaining !== null && thousandths > toThousandths(limits.accountRemaining)) {
      return WithdrawMessages.accountCapReached(runik(limits.accountCap), runik(limits.accountRemaining), resetsIn);
    }
    return null;
  };
  const withdrawable = data ? toThousandths(data.withdrawableRunik) : null;
  return { cooldown, limits, resetsIn, overCap, queued: data?.queued ?? [], queueReason: data?.queueReason ?? null, withdrawable };
}

/** A RUNIK figure of the status (a number of RUNIK) as the popup shows amounts. */

/**
 * Withdraw RUNIK: from the city to the player's Hive Engine wallet (spec sections 4, 5, 8). A free account sees the
 * spec's refusal and the offer to activate it (issue 44).
 */
export function WithdrawModal({ username, city, onClose }: WithdrawModalProps) {
  return (
    <Modal title="Withdraw RUNIK" onClose={onClose} testId="withdraw-modal">
      {!city.canWithdraw && (
        <p className="city-note" data-testid="withdrawals-disabled">
          {WithdrawMessages.disabled}
        </p>
      )}
      {/* A free account is offered its late activation; once activated here, the outcome stays above the form. */}
      <LateActivation username={username} canWithdraw={city.canWithdraw} />
      {city.canWithdraw && <WithdrawForm username={username} city={city} />}
    </Modal>
  );
}

function WithdrawForm({ username, city }: Omit<WithdrawModalProps, 'onClose'>) {
  const amountId = useId();
  const [amountText, setAmountText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const { cooldown, limits, resetsIn, overCap, queued, queueReason, withdrawable } = useWithdrawInfo(username);
  const withdraw = useWithdraw(username);
  const { outcome } = withdraw;
  // RUNIK held, rounded down to 3 decimals (spec section 9); what may leave is less when some is for the game only.
  const held = Math.floor(city.holdings.runik);
  const locked = withdrawable === null ? 0 : Math.max(0, held - withdrawable);
  const most = held - locked;

  const changeAmount = (text: string) => {
    if (!isAmountDraft(text, RNK_DECIMALS)) return;
    setFormError(null);
    withdraw.reset();
    setAmountText(text);
  };

  const validate = (amount: number | null): string | null => {
    if (amount === null || amount <= 0) return WithdrawMessages.invalidAmount;
    if (amount > held) return WithdrawMessages.notEnoughRunik(formatRunik(held));
    if (amount > most) return WithdrawMessages.lockedRunik(formatRunik(most), formatRunik(locked));
    return overCap(amount);
  };

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmountInput(amountText, RNK_DECIMALS);
    const problem =
      withdraw.refusal() ?? cooldown ?? validate(amount) ?? walletMissing(rememberedWallet(), WithdrawMessages.keychainMissing);
    setFormError(problem);
    if (problem || amount === null) return;
    if (!(await confirm(WithdrawMessages.confirm(formatRunik(amount))))) return;
    void withdraw.start(amount);
  };

  return (
    <form className="city-popup" onSubmit={(event) => void submit(event)} noValidate>
      <p className="city-popup__lead">
        RUNIK held: <span data-testid="withdraw-held">{formatRunik(held)}</span> RUNIK
      </p>
      {locked > 0 && (
        <p className="city-note" data-testid="withdraw-locked">
          {WithdrawMessages.lockedNote(formatRunik(locked))}
        </p>
      )}
      <AmountField
        id={amountId}
        label="Amount"
        placeholder="0.000"
        value={amountText}
        onChange={changeAmount}
        onMax={() => changeAmount(toDecimalString(most, RNK_DECIMALS))}
      />
      {cooldown && (
        <p className="city-note" role="status" data-testid="withdraw-status">
          {cooldown}
        </p>
      )}
      {limits && (limits.accountCap !== null || limits.gameCap !== null) && (
        <p className="city-note" data-testid="withdraw-limits">
          {limits.accountCap !== null &&
            limits.accountRemaining !== null &&
            `${WithdrawMessages.accountLimit(runik(limits.accountCap), runik(limits.accountRemaining))} `}
          {limits.gameRemaining !== null && `${WithdrawMessages.gameLimit(runik(limits.gameRemaining))} `}
          {WithdrawMessages.limitsReset(resetsIn)}
        </p>
      )}
      {queued.length > 0 && (
        <div className="city-note" role="status" data-testid="withdraw-queue">
          {queued.map((entry) => (
            <p key={entry.withdrawalId}>{WithdrawMessages.queued(runik(entry.amount), entry.position)}</p>
          ))}
          {queueReason && <p>{queueReason}</p>}
        </div>
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
      <button type="submit" className="button button--primary" disabled={cooldown !== null && !withdraw.busy} aria-busy={withdraw.busy}>
        {withdraw.busy ? 'Processing...' : 'Withdraw'}
      </button>
    </form>
  );
}
