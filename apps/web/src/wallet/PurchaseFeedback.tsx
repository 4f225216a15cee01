import type { ReactNode } from 'react';
import type { PaymentStep } from '@runik/contract';
import { Message } from '../ui/Message';
import type { WalletWait } from './transfer';
import { WalletWaitPanel } from './WalletWaitPanel';
import './purchase-feedback.css';

/** Texts of a SWAP.HIVE purchase's progress, the same in the shop and the pack store. */
export const PurchaseTexts = {
  /** The payment left the wallet but the purchase was not recorded: the player needs the id. */
  paymentReference: (txId: string) => `Your payment's transaction id: ${txId}`,
  checkAgain: 'Check again',
  stillPending: 'A SWAP.HIVE purchase of yours is still waiting for confirmation.',
} as const;

interface PurchaseFeedbackProps {
  testId: string;
  error: string | null;
  paymentTxId: string | null;
  /** Where the purchase stands (paying, waiting for confirmation...). */
  notice: ReactNode;
  canCheckAgain: boolean;
  onCheckAgain: () => void;
  /** What the player's wallet shows while it has the payment (HiveAuth's wait, HiveSigner's page). */
  walletWait: WalletWait | null;
  /** The steps of a payment followed on the chain (HiveSigner's, one made by hand). */
  handStep: PaymentStep | null;
  onCancelWallet: () => void;
  /** What the screen adds, such as what a confirmed purchase delivered. */
  children?: ReactNode;
}

/**
 * A purchase's wallet wait, error, payment reference, progress and, when it stays pending, Check again; nothing when
 * idle.
 */
export function PurchaseFeedback(props: PurchaseFeedbackProps) {
  const { testId, error, paymentTxId, notice, canCheckAgain, onCheckAgain, walletWait, handStep, onCancelWallet, children } = props;
  return (
    <div className="purchase-feedback" data-testid={testId}>
      <WalletWaitPanel wait={walletWait} step={handStep} onCancel={onCancelWallet} />
      {error && <Message tone="error">{error}</Message>}
      {paymentTxId && <p className="purchase-feedback__reference">{PurchaseTexts.paymentReference(paymentTxId)}</p>}
      {notice && <Message tone="info">{notice}</Message>}
      {children}
      {canCheckAgain && (
        <div className="purchase-feedback__pending">
          <span>{PurchaseTexts.stillPending}</span>
          <button type="button" className="button" onClick={onCheckAgain}>
            {PurchaseTexts.checkAgain}
          </button>
        </div>
      )}
    </div>
  );
}
