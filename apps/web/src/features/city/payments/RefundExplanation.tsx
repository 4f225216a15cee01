import type { PaymentRefund } from '@runik/contract';
import { PaymentTexts, REFUND_REASON_WORDING } from './payment-wording';

const STATE_WORDING: Record<PaymentRefund['state'], string> = {
  sending: PaymentTexts.refundSending,
  sent: PaymentTexts.refundSent,
  failed: PaymentTexts.refundFailed,
};

/** Why a payment went back and how far its refund has got, with the refund's transaction once it is sent. */
export function RefundExplanation({ refund }: { refund: PaymentRefund }) {
  return (
    <div className="payment-refund" data-testid="refund-explanation" data-reason={refund.reason} data-state={refund.state}>
      <p className="payment-refund__reason">{REFUND_REASON_WORDING[refund.reason]}</p>
      <p className="payment-refund__state">
        {STATE_WORDING[refund.state]}
        {refund.transactionId && (
          <>
            {' '}
            Refund transaction: <code className="payment__id">{refund.transactionId}</code>
          </>
        )}
      </p>
    </div>
  );
}
