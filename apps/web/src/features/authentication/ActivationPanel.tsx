import { useId, useState } from 'react';
import type { LoginChallengeResponse } from '@runik/contract';
import { formatChainQuantity, LATE_ACTIVATION_FEE_USD, REGISTRATION_FEE_USD } from '@runik/rules';
import { toUserMessage } from '../../shared/errors';
import { Message } from '../../ui/Message';
import { PaymentSteps } from '../../ui/PaymentSteps';
import { SWAP_HIVE } from '../../wallet/swap-hive-payment';
import { useSwapHiveBalance } from '../../wallet/use-registration-payment';
import { useRegistrationFee } from './authentication-api';
import type { RegistrationPolling } from './paid-registration';
import { useActivation } from './use-activation';
import { HiveAuthChallengeWait, WalletFieldset } from './ChallengeWallet';
import { initialLoginWallet, type LoginWallet } from './use-login';
import { HIVESIGNER_REGISTRATION_NOTE } from './hivesigner/hivesigner-login';

interface ActivationPanelProps {
  hiveUsername: string;
  /** From ?ref; empty means the server's default referrer. */
  referrer: string;
  challenge: LoginChallengeResponse;
  polling: RegistrationPolling;
  onBackToLogin: () => void;
}

/** Shown after a 'not registered' login: paid activation or free registration. */
export function ActivationPanel({ hiveUsername, referrer, challenge, polling, onBackToLogin }: ActivationPanelProps) {
  const balance = useSwapHiveBalance(hiveUsername);
  const fee = useRegistrationFee();
  const { activate, registerForFree, busy, error, notice, payment, hiveAuthWait, cancelHiveAuth } = useActivation({
    hiveUsername,
    referrer,
    challenge,
    polling,
  });
  // The wallet chosen on the login form, kept when it tried this name.
  const [wallet, setWallet] = useState<LoginWallet>(initialLoginWallet);
  const referrerId = useId();
  const quote = fee.data && balance.data ? { feeInHive: fee.data, balance: balance.data } : null;

  return (
    <div className="activation">
      <p className="activation__intro">
        <strong>@{hiveUsername}</strong> has no game account yet. Activate it to start building your city.
      </p>

      <div className="field">
        <label className="field__label" htmlFor={referrerId}>
          Referrer
        </label>
        <input id={referrerId} className="field__input" value={referrer} placeholder="Default referrer" readOnly />
      </div>

      <dl className="activation__quote">
        {/* Once paid, the balance read before the payment would be wrong: the steps say what was sent instead. */}
        {!payment && <QuoteItem label={`${SWAP_HIVE} balance`} testId="swap-hive-balance" value={balance.data} isError={balance.isError} />}
        <QuoteItem
          label={`Registration fee (${REGISTRATION_FEE_USD} USD)`}
          testId="registration-fee"
          value={fee.data}
          isError={fee.isError}
        />
      </dl>
      {balance.isError && <Message tone="error">{toUserMessage(balance.error, 'Failed to fetch HiveEngine balance.')}</Message>}
      {fee.isError && (
        <Message tone="error">{toUserMessage(fee.error, 'Unable to fetch registration fee. Please try again later.')}</Message>
      )}

      <button
        type="button"
        className="button button--primary activation__pay"
        disabled={busy || !quote}
        onClick={() => quote && activate(quote.feeInHive, quote.balance)}
      >
        Activate Account
      </button>

      <div className="activation__free">
        <WalletFieldset legend="Sign the free registration with" wallet={wallet} onChange={setWallet} disabled={busy} />
        <p className="activation__note">{HIVESIGNER_REGISTRATION_NOTE}</p>
        <button type="button" className="button" disabled={busy} onClick={() => registerForFree(wallet)}>
          Register for Free
        </button>
        <p className="activation__note">
          A free account cannot withdraw RUNIK. Activating it later costs 50% more ({LATE_ACTIVATION_FEE_USD} USD).
        </p>
      </div>

      {payment && (
        <PaymentSteps
          step={payment.step}
          sent={`${formatChainQuantity(payment.sent)} ${SWAP_HIVE}`}
          credited="Account activated"
          awaitingHiveEngine={payment.awaitingHiveEngine}
        />
      )}
      <HiveAuthChallengeWait wait={hiveAuthWait} onCancel={cancelHiveAuth} />
      {notice && <Message tone="info">{notice}</Message>}
      {error && <Message tone="error">{error}</Message>}

      <button type="button" className="button button--ghost" disabled={busy} onClick={onBackToLogin}>
        Back to Login
      </button>
    </div>
  );
}

interface QuoteItemProps {
  label: string;
  testId: string;
  value: string | undefined;
  isError: boolean;
}

function QuoteItem({ label, testId, value, isError }: QuoteItemProps) {
  const shown = value ? `${formatChainQuantity(value)} ${SWAP_HIVE}` : isError ? '—' : 'Loading…';
  return (
    <div className="activation__quote-item">
      <dt>{label}</dt>
      <dd data-testid={testId}>{shown}</dd>
    </div>
  );
}
