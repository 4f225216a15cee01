import { REFUND_NOTICE_REFRESH_MS } from '@runik/rules';
import { paymentAmount, PaymentTexts } from './payment-wording';
import { paymentKey, usePaymentHistory } from './payments-api';
import { RefundExplanation } from './RefundExplanation';
import { useUnseenRefunds } from './seen-refunds';
import './payments.css';

/** The refunds named in the notice; the rest are counted and wait in the payment history. */
const SHOWN_REFUNDS = 3;

interface RefundNoticeProps {
  username: string;
  /** Opens the payment history (in the Deposit RUNIK popup). */
  onShowHistory: () => void;
}

/**
 * On the city screen: the payments refunded since the player last dismissed this, each with why.
 * Dismissing, or opening the payment history from here, counts them as seen (in this browser).
 */
export function RefundNotice({ username, onShowHistory }: RefundNoticeProps) {
  const history = usePaymentHistory(username, REFUND_NOTICE_REFRESH_MS);
  const { unseen, markSeen } = useUnseenRefunds(username, history.data?.payments ?? []);
  if (unseen.length === 0) return null;

  const hidden = unseen.length - SHOWN_REFUNDS;
  return (
    <section className="refund-notice panel" role="status" aria-labelledby="refund-notice-title" data-testid="refund-notice">
      <h2 id="refund-notice-title" className="refund-notice__title">
        {PaymentTexts.noticeTitle(unseen.length)}
      </h2>
      <ul className="refund-notice__list">
        {unseen.slice(0, SHOWN_REFUNDS).map((payment) => (
          <li key={paymentKey(payment)}>
            <strong>{paymentAmount(payment)}</strong> sent <time dateTime={payment.time}>{new Date(payment.time).toLocaleString()}</time>
            {payment.refund && <RefundExplanation refund={payment.refund} />}
          </li>
        ))}
      </ul>
      {hidden > 0 && <p className="city-note">And {hidden} more in your payment history.</p>}
      <div className="refund-notice__actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            markSeen(unseen);
            onShowHistory();
          }}
        >
          {PaymentTexts.viewHistory}
        </button>
        <button type="button" className="button button--ghost" onClick={() => markSeen(unseen)}>
          {PaymentTexts.dismiss}
        </button>
      </div>
    </section>
  );
}
