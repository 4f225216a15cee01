import { useId, useState, type FormEvent } from 'react';
import { formatChainQuantity, formatDecimal, formatRunik, RNK_DECIMALS, RNK_SYMBOL, toThousandths } from '@runik/rules';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { PaymentSteps } from '../../../ui/PaymentSteps';
import { PayByHand } from '../../../wallet/PayByHand';
import { WalletWaitPanel } from '../../../wallet/WalletWaitPanel';
import { GAME_ACCOUNT } from '../../../shared/config';
import { useNow } from '../../../shared/city-clock';
import { isAmountDraft, parseAmountInput, toDecimalString } from '../city-format';
import { DEPOSIT_MEMO, DepositMessages } from '../city-messages';
import {
  DEFAULT_DEPOSIT_POLLING,
  useDeposit,
  useDepositStatus,
  useHandDeposit,
  useWalletBalance,
  type DepositPolling,
} from '../use-deposit';
import { AmountField } from './AmountField';
import { PaymentHistory } from '../payments/PaymentHistory';

interface DepositModalProps {
  username: string;
  onClose: () => void;
  /** Tests shorten the wait for the deposit to be credited. */
  polling?: DepositPolling;
}

/** Why the server would refuse a deposit now, from the deposit status: a cooldown (seconds remaining) or one processing. */
function useStatusBlock(username: string): string | null {
  const status = useDepositStatus(username);
  const now = useNow();
  if (!status.data) return null;
  if (status.data.processing) return DepositMessages.serverProcessing;
  if (status.data.canDeposit) return null;
  const remainingMs = status.data.remainingMs - (now - status.dataUpdatedAt);
  return remainingMs > 0 ? DepositMessages.cooldown(Math.ceil(remainingMs / 1000)) : null;
}

/**
 * Deposit RUNIK: RNK from the player's Hive Engine wallet to the game account, credited as RUNIK (spec sections 4, 5, 8),
 * and below it the player's payment history.
 */
export function DepositModal({ username, onClose, polling = DEFAULT_DEPOSIT_POLLING }: DepositModalProps) {
  const amountId = useId();
  const [amountText, setAmountText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const wallet = useWalletBalance(username);
  const blocked = useStatusBlock(username);
  const deposit = useDeposit(username, polling);
  const byHand = useHandDeposit(username, !deposit.busy);
  const { phase, message, payment } = deposit.state;
  const showSteps = payment && (phase === 'pending' || phase === 'timeout' || phase === 'completed');

  const changeAmount = (text: string) => {
    if (!isAmountDraft(text, RNK_DECIMALS)) return;
    setFormError(null);
    deposit.reset();
    setAmountText(text);
  };

  const validate = (amount: number | null): string | null => {
    if (amount === null || amount <= 0) return DepositMessages.invalidAmount;
    if (wallet.data === undefined) return DepositMessages.balanceNotLoaded;
    if (amount > wallet.data) return DepositMessages.notEnoughInWallet(formatRunik(wallet.data));
    return null;
  };

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmountInput(amountText, RNK_DECIMALS);
    const problem = deposit.refusal() ?? validate(amount) ?? deposit.walletMissing();
    setFormError(problem);
    if (problem || amount === null) return;
    if (!(await confirm(DepositMessages.confirm(formatRunik(amount))))) return;
    // Through HiveSigner's signing page, the deposit's steps follow the chain as one made by hand does.
    void deposit.start(amount, byHand.sent);
  };

  /** The amount typed, for the transfer by hand (any amount is credited: none typed, none asked). */
  const typed = parseAmountInput(amountText, RNK_DECIMALS);
  const handAmount = typed !== null && typed > 0 ? formatDecimal(typed, RNK_DECIMALS) : null;

  const outcomeTone = phase === 'pending' || phase === 'completed' ? 'info' : 'error';

  return (
    <Modal title="Deposit RUNIK" onClose={onClose} testId="deposit-modal">
      <form className="city-popup" onSubmit={(event) => void submit(event)} noValidate>
        {/* The wallet holds the token, RNK; the city credits it 1:1 as RUNIK (issue 35: it was called RUNIK here). */}
        <p className="city-popup__lead">
          Hive Engine wallet:{' '}
          <span data-testid="wallet-balance">
            {wallet.data !== undefined ? formatRunik(wallet.data) : wallet.isError ? '—' : 'Loading…'}
          </span>{' '}
          RNK
        </p>
        <p className="city-muted" data-testid="deposit-rate">
          Each RNK sent is credited as 1 RUNIK in your city.
        </p>
        {wallet.isError && <p className="city-note">{DepositMessages.balanceUnavailable}</p>}
        <AmountField
          id={amountId}
          label="Amount"
          placeholder="0.000"
          value={amountText}
          onChange={changeAmount}
          onMax={() => wallet.data !== undefined && changeAmount(toDecimalString(wallet.data, RNK_DECIMALS))}
          maxDisabled={wallet.data === undefined}
        />
        {blocked && (
          <p className="city-note" role="status" data-testid="deposit-status">
            {blocked}
          </p>
        )}
        {formError && <Message tone="error">{formError}</Message>}
        <WalletWaitPanel wait={deposit.walletWait} step={byHand.step} onCancel={deposit.cancelWallet} />
        {showSteps && (
          <PaymentSteps
            step={payment.step}
            sent={`${formatChainQuantity(payment.amount)} RNK`}
            credited={`${formatChainQuantity(payment.amount)} RUNIK`}
            awaitingHiveEngine={payment.awaitingHiveEngine}
          />
        )}
        {message && (
          <div data-testid="deposit-outcome" data-phase={phase}>
            <Message tone={outcomeTone}>{message}</Message>
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={blocked !== null && !deposit.busy} aria-busy={deposit.busy}>
          {deposit.busy ? 'Processing...' : 'Deposit'}
        </button>
      </form>
      <PayByHand
        testId="deposit-by-hand"
        transfer={{ to: GAME_ACCOUNT, amount: handAmount, symbol: RNK_SYMBOL, memo: DEPOSIT_MEMO }}
        step={byHand.step}
        sentLabel={handAmount !== null ? `${formatChainQuantity(handAmount)} RNK` : 'RNK'}
        creditedLabel={byHand.creditedAmount !== null ? `${formatRunik(toThousandths(byHand.creditedAmount))} RUNIK` : 'RUNIK'}
        blocked={deposit.busy || byHand.waiting}
        onSent={byHand.sent}
        onOpen={byHand.watch}
      />
      <PaymentHistory username={username} />
    </Modal>
  );
}
