import { useState, type ReactNode } from 'react';
import type { PaymentStep } from '@runik/contract';
import { PaymentSteps } from '../ui/PaymentSteps';
import './pay-by-hand.css';

/** The transfer a player makes from any wallet: credited by the chain follower like a wallet's (issue 49, item 3). */
export interface HandTransfer {
  /** The game account. */
  to: string;
  /** Three decimals, e.g. "2.000"; null when any amount is credited (a deposit before an amount is typed). */
  amount: string | null;
  /** The Hive Engine token: RNK or SWAP.HIVE. */
  symbol: string;
  memo: string;
}

export const PayByHandTexts = {
  toggle: 'Pay by hand',
  hide: 'Hide',
  lead: 'From any Hive wallet (PeakD, Ecency, Hive Engine, a phone wallet), send this Hive Engine token transfer from your own account:',
  anyAmount: 'the amount you choose',
  // No library the ecosystem keeps encodes a Hive Engine transfer as a payment URI a wallet scans (docs/decisions.md).
  noQr: 'No QR code: Hive wallets have no common payment link for Hive Engine tokens yet. Copy the fields instead.',
  exactly: 'Send exactly this amount with exactly this memo: a transfer that matches nothing is sent back.',
  sent: "I've sent it",
  waiting: 'Waiting for your transfer to reach the chain. You may close this and come back: it is credited either way.',
  copied: 'Copied',
  copyFailed: 'Copy failed: select the text instead',
  copy: (field: string) => `Copy ${field}`,
} as const;

interface PayByHandProps {
  testId: string;
  transfer: HandTransfer;
  /** Null until the player says it is sent; then where the payment is. */
  step: PaymentStep | null;
  /** What the steps show as sent and credited (e.g. "2.000 SWAP.HIVE", "1 pack"). */
  sentLabel: string;
  creditedLabel: string;
  /** Another payment is under way or pending: no new one (the spec's "a pending purchase blocks a new one"). */
  blocked?: boolean;
  onSent: () => void;
  /** The transfer is shown: the page listens for its payment from now on (a player may send it before saying so). */
  onOpen?: () => void;
  /** What the screen adds under the steps (an outcome). */
  children?: ReactNode;
}

/**
 * "Pay by hand": the exact transfer to make from any wallet (recipient, amount, token, memo, each with a copy button);
 * once the player says it is sent, the payment's steps (sent, seen on chain, credited) follow.
 */
export function PayByHand({ testId, transfer, step, sentLabel, creditedLabel, blocked = false, onSent, onOpen, children }: PayByHandProps) {
  const [open, setOpen] = useState(false);
  if (!open && step === null)
    return (
      <button
        type="button"
        className="button pay-by-hand__toggle"
        data-testid={`${testId}-toggle`}
        disabled={blocked}
        onClick={() => {
          setOpen(true);
          onOpen?.();
        }}
      >
        {PayByHandTexts.toggle}
      </button>
    );
  const fields = [
    { name: 'recipient', label: 'Recipient', value: transfer.to },
    { name: 'amount', label: 'Amount', value: transfer.amount },
    { name: 'token', label: 'Token', value: transfer.symbol },
    { name: 'memo', label: 'Memo', value: transfer.memo },
  ];
  return (
    <section className="pay-by-hand panel" data-testid={testId} aria-label={PayByHandTexts.toggle}>
      <p className="pay-by-hand__lead">{PayByHandTexts.lead}</p>
      <dl className="pay-by-hand__fields">
        {fields.map(({ name, label, value }) => (
          <div key={name} className="pay-by-hand__field">
            <dt>{label}</dt>
            <dd>
              <code data-testid={`${testId}-${name}`}>{value ?? PayByHandTexts.anyAmount}</code>
              {value !== null && <CopyButton label={label.toLowerCase()} value={value} />}
            </dd>
          </div>
        ))}
      </dl>
      <p className="city-muted">{PayByHandTexts.exactly}</p>
      <p className="city-muted" data-testid={`${testId}-no-qr`}>
        {PayByHandTexts.noQr}
      </p>
      {step === null ? (
        <div className="pay-by-hand__actions">
          <button type="button" className="button button--primary" disabled={blocked} onClick={onSent}>
            {PayByHandTexts.sent}
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {PayByHandTexts.hide}
          </button>
        </div>
      ) : (
        <>
          <PaymentSteps step={step} sent={sentLabel} credited={creditedLabel} />
          {step !== 'credited' && (
            <p className="city-muted" role="status">
              {PayByHandTexts.waiting}
            </p>
          )}
        </>
      )}
      {children}
    </section>
  );
}

/** Copies one field; says whether it worked beside the button (the clipboard is missing on insecure origins). */
function CopyButton({ label, value }: { label: string; value: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="button button--small" aria-label={PayByHandTexts.copy(label)} onClick={() => void copy()}>
        Copy
      </button>
      {state !== 'idle' && (
        <span className="pay-by-hand__copied" role="status">
          {state === 'copied' ? PayByHandTexts.copied : PayByHandTexts.copyFailed}
        </span>
      )}
    </>
  );
}
