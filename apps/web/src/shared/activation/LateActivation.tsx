import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LateActivationPreviewResponse } from '@runik/contract';
import { formatChainQuantity, formatRunikDecimal as runik, registrationMemo } from '@runik/rules';
import { GAME_ACCOUNT } from '../config';
import { PayByHand } from '../../wallet/PayByHand';
import { useHandSteps } from '../../wallet/use-hand-steps';
import { Message } from '../../ui/Message';
import { PaymentSteps } from '../../ui/PaymentSteps';
import { useAsyncTask } from '../../ui/use-async-task';
import { KEYCHAIN_MISSING } from '../../wallet/keychain';
import { WalletWaitPanel } from '../../wallet/WalletWaitPanel';
import { DEFAULT_REGISTRATION_POLLING, feeAmount, type RegistrationPolling } from '../../wallet/registration-payment';
import { SWAP_HIVE } from '../../wallet/swap-hive-payment';
import { useRegistrationPayment, useSwapHiveBalance } from '../../wallet/use-registration-payment';
import { toUserMessage } from '../errors';
import { activationKeys, cityKeys, tradingKeys } from '../query-keys';
import { fetchWithdrawableRunik, LATE_ACTIVATION_UNAVAILABLE, useLateActivationPreview } from './late-activation-api';
import './late-activation.css';

/** The view's words (not in the spec: issue 44). */
export const LateActivationTexts = {
  title: 'Activate your account',
  lead: (held: string) =>
    `Pay the late activation fee once and your account may withdraw RUNIK. What happens to the ${held} RUNIK you hold:`,
  fee: (usd: number) => `Late activation fee (${usd} USD)`,
  balance: `${SWAP_HIVE} balance`,
  withdrawable: 'Withdrawable at once',
  withdrawableNote: 'Your RNK deposits and the RUNIK other players paid you.',
  release: "Released from the game's budget",
  releaseFigure: (amount: string) => `up to ${amount} RUNIK`,
  releaseNote: (cap: string) => `Of the RUNIK you earned while free, up to ${cap} RUNIK, from the day's budget for activations.`,
  releaseToday: (left: string) => `Today's budget for activations has ${left} RUNIK left: all of it would be released at once.`,
  releaseWaits: (left: string, today: string, waiting: string) =>
    `Today's budget for activations has ${left} RUNIK left: ${today} RUNIK would be released at once, the other ${waiting} RUNIK on the next days, oldest activation first.`,
  gameOnly: 'Stays for the game only',
  gameOnlyNote: 'Yours to spend in the game (upgrades, training, packs); it cannot be withdrawn.',
  pay: 'Activate Account',
  credited: 'Account activated',
  loading: 'Loading…',
  activated: (withdrawable: string) => `Account activated: ${withdrawable} RUNIK can now be withdrawn.`,
  activatedNoFigure: 'Account activated: your RUNIK can now be withdrawn.',
} as const;

interface LateActivationProps {
  username: string;
  /** The account may withdraw already (paid): nothing to offer, unless it was activated here. */
  canWithdraw: boolean;
  polling?: RegistrationPolling;
  /** The offer's element id, for a link to it (the trading page's notice). */
  id?: string;
}

/**
 * A free player's late activation, wherever "withdrawals are disabled" shows (the Withdraw popup, the trading page):
 * before the payment, what becomes withdrawable at once, what the budget releases (up to 300 RUNIK) and what stays
 * game-only (`GET /api/late-activation/{username}`); the late fee paid through the wallet as a new player's activation
 * is (wallet/registration-payment.ts), its progress, then the new withdrawable balance. Stays shown once activated
 * here, so the outcome can be read after the screen's data says the account may withdraw.
 */
export function LateActivation({ username, canWithdraw, polling = DEFAULT_REGISTRATION_POLLING, id }: LateActivationProps) {
  const [payingHere, setPayingHere] = useState(false);
  if (canWithdraw && !payingHere) return null;
  return <LateActivationPanel username={username} polling={polling} onPay={() => setPayingHere(true)} id={id} />;
}

interface PanelProps {
  id?: string;
  username: string;
  polling: RegistrationPolling;
  onPay: () => void;
}

function LateActivationPanel({ id, username, polling, onPay }: PanelProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const task = useAsyncTask();
  const { pay, payment, walletWait, cancelWallet } = useRegistrationPayment(task, {
    hiveUsername: username,
    referrer: '',
    polling,
    missing: KEYCHAIN_MISSING,
  });
  /** Once confirmed: RUNIK the account may withdraw now (null when the figure could not be read). */
  const [done, setDone] = useState<{ withdrawable: number | null } | null>(null);
  // Not asked again while paying or once done: a paid account has nothing to preview (409).
  const preview = useLateActivationPreview(username, !task.busy && !done);
  const balance = useSwapHiveBalance(username);
  const quote = preview.data && balance.data ? { feeInHive: preview.data.feeInHive, balance: balance.data } : null;

  const afterCredit = async () => {
    const withdrawable = await fetchWithdrawableRunik(username).catch(() => null);
    setDone({ withdrawable });
    queryClient.removeQueries({ queryKey: activationKeys.preview(username) });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cityKeys.city(username) }),
      queryClient.invalidateQueries({ queryKey: cityKeys.withdrawStatus(username) }),
      queryClient.invalidateQueries({ queryKey: tradingKeys.userData(username) }),
    ]);
  };
  // The fee paid by hand from any wallet (issue 49): the follower activates the sender's account; the push says so.
  const byHand = useHandSteps('registration-confirmed', () => void afterCredit(), !task.busy);
  const handFee = preview.data ? feeAmount(preview.data.feeInHive) : null;

  const activate = () => {
    if (!quote) return;
    onPay();
    // Through HiveSigner's signing page, the fee's steps follow the chain as one paid by hand does.
    void pay(quote.feeInHive, quote.balance, afterCredit, byHand.sent);
  };

  return (
    <section id={id} className="late-activation" aria-labelledby={titleId} data-testid="late-activation">
      <h3 id={titleId} className="late-activation__title">
        {LateActivationTexts.title}
      </h3>
      {preview.data ? (
        <PreviewFigures preview={preview.data} balance={payment || done ? null : { value: balance.data, isError: balance.isError }} />
      ) : preview.isError ? null : (
        <p className="late-activation__lead">{LateActivationTexts.loading}</p>
      )}
      {preview.isError && !done && <Message tone="error">{toUserMessage(preview.error, LATE_ACTIVATION_UNAVAILABLE)}</Message>}
      {balance.isError && !payment && !done && (
        <Message tone="error">{toUserMessage(balance.error, 'Failed to fetch HiveEngine balance.')}</Message>
      )}
      <WalletWaitPanel wait={walletWait} step={byHand.step} onCancel={cancelWallet} />
      {!done && (
        <button type="button" className="button button--primary" disabled={task.busy || byHand.waiting || !quote} onClick={activate}>
          {LateActivationTexts.pay}
        </button>
      )}
      {handFee && (!done || byHand.step !== null) && (
        <PayByHand
          testId="late-activation-by-hand"
          transfer={{ to: GAME_ACCOUNT, amount: handFee, symbol: SWAP_HIVE, memo: registrationMemo('') }}
          step={byHand.step}
          sentLabel={`${formatChainQuantity(handFee)} ${SWAP_HIVE}`}
          creditedLabel={LateActivationTexts.credited}
          blocked={task.busy || byHand.waiting}
          onSent={() => {
            onPay();
            byHand.sent();
          }}
          onOpen={() => {
            onPay();
            byHand.watch();
          }}
        />
      )}
      {payment && (
        <PaymentSteps
          step={payment.step}
          sent={`${formatChainQuantity(payment.sent)} ${SWAP_HIVE}`}
          credited={LateActivationTexts.credited}
          awaitingHiveEngine={payment.awaitingHiveEngine}
        />
      )}
      {task.notice && !done && <Message tone="info">{task.notice}</Message>}
      {task.error && <Message tone="error">{task.error}</Message>}
      {done && (
        <div data-testid="late-activation-done">
          <Message tone="success">
            {done.withdrawable === null ? LateActivationTexts.activatedNoFigure : LateActivationTexts.activated(runik(done.withdrawable))}
          </Message>
        </div>
      )}
    </section>
  );
}

interface PreviewFiguresProps {
  preview: LateActivationPreviewResponse;
  /** The SWAP.HIVE balance read before paying; null once paid (it would be wrong: the steps say what was sent). */
  balance: { value: string | undefined; isError: boolean } | null;
}

function PreviewFigures({ preview, balance }: PreviewFiguresProps) {
  const { releaseUpTo, releaseWaiting, releasesLeftToday, releasedToday } = preview;
  const releaseWhen =
    releaseUpTo === 0
      ? null
      : releaseWaiting > 0
        ? LateActivationTexts.releaseWaits(runik(releasesLeftToday), runik(releasedToday), runik(releaseWaiting))
        : LateActivationTexts.releaseToday(runik(releasesLeftToday));
  return (
    <>
      <p className="late-activation__lead">{LateActivationTexts.lead(runik(preview.runik))}</p>
      <dl className="late-activation__figures">
        <Figure label={LateActivationTexts.fee(preview.feeUsd)} testId="late-activation-fee">
          {`${formatChainQuantity(preview.feeInHive)} ${SWAP_HIVE}`}
        </Figure>
        {balance && (
          <Figure label={LateActivationTexts.balance} testId="late-activation-balance">
            {balance.value ? `${formatChainQuantity(balance.value)} ${SWAP_HIVE}` : balance.isError ? '—' : LateActivationTexts.loading}
          </Figure>
        )}
        <Figure label={LateActivationTexts.withdrawable} testId="late-activation-withdrawable" note={LateActivationTexts.withdrawableNote}>
          {`${runik(preview.withdrawableAtOnce)} RUNIK`}
        </Figure>
        <Figure
          label={LateActivationTexts.release}
          testId="late-activation-release"
          note={[LateActivationTexts.releaseNote(runik(preview.releaseCap)), releaseWhen].filter(Boolean).join(' ')}
        >
          {LateActivationTexts.releaseFigure(runik(releaseUpTo))}
        </Figure>
        <Figure label={LateActivationTexts.gameOnly} testId="late-activation-game-only" note={LateActivationTexts.gameOnlyNote}>
          {`${runik(preview.staysGameOnly)} RUNIK`}
        </Figure>
      </dl>
    </>
  );
}

function Figure({ label, testId, note, children }: { label: string; testId: string; note?: string; children: string }) {
  return (
    <div className="late-activation__figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
      {note && <dd className="late-activation__note">{note}</dd>}
    </div>
  );
}
