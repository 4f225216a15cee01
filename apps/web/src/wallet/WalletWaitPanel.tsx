import { lazy, Suspense } from 'react';
import type { PaymentStep } from '@runik/contract';
import type { WalletWait } from './transfer';
import './wallet-wait.css';

const HiveAuthWaitPanel = lazy(() => import('./HiveAuthWaitPanel'));

export const WalletWaitTexts = {
  hiveSigner: "Approve the payment on HiveSigner's page (opened in a new tab). Its steps show here once it is on the chain.",
  hiveSignerLink: 'Open HiveSigner',
} as const;

interface WalletWaitPanelProps {
  wait: WalletWait | null;
  /** Where the payment's steps are: HiveSigner's page is offered until its payment is seen on chain. */
  step: PaymentStep | null;
  onCancel: () => void;
}

/** What a payment shows while the player's wallet has it (wallet/transfer.ts); nothing for Keychain (its own window). */
export function WalletWaitPanel({ wait, step, onCancel }: WalletWaitPanelProps) {
  if (wait?.wallet === 'hiveauth')
    return (
      <Suspense fallback={<p role="status">Waiting for your wallet…</p>}>
        <HiveAuthWaitPanel wait={wait.hiveAuth} purpose="payment" onCancel={onCancel} />
      </Suspense>
    );
  if (wait?.wallet === 'hivesigner' && step === 'sent')
    return (
      <div className="hiveauth-wait" role="status" data-testid="hivesigner-wait">
        <p className="hiveauth-wait__lead">{WalletWaitTexts.hiveSigner}</p>
        <a className="hiveauth-wait__link" href={wait.url} target="_blank" rel="noopener noreferrer">
          {WalletWaitTexts.hiveSignerLink}
        </a>
      </div>
    );
  return null;
}
