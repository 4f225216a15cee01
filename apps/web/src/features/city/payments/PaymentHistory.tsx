import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_HISTORY_REFRESH_MS } from '@runik/rules';
import type { PaymentHistoryEntry } from '@runik/contract';
import { cityKeys } from '../../../shared/query-keys';
import { paymentAmount, paymentPurposeLabel, PaymentTexts, STATUS_LABELS } from './payment-wording';
import { paymentKey, usePaymentHistory } from './payments-api';
import { RefundExplanation } from './RefundExplanation';
import './payments.css';

/**
 * The player's payments to the game account, newest first, as the chain recorded them: a deposit
 * whose report was lost turns completed by itself while this is open (it reloads every few seconds),
 * a refunded one says why.
 */
export function PaymentHistory({ username }: { username: string }) {
  const history = usePaymentHistory(username, PAYMENT_HISTORY_REFRESH_MS);
  useCityReloadOnCredit(username, history.data?.payments);
  const headingId = useId();

  let content;
  if (history.data) {
    content =
      history.data.payments.length === 0 ? (
        <p className="city-note">{PaymentTexts.empty}</p>
      ) : (
        <ol className="payment-list">
          {history.data.payments.map((payment) => (
            <PaymentLine key={paymentKey(payment)} payment={payment} />
          ))}
        </ol>
      );
  } else if (history.isError) {
    content = <p className="city-note">{PaymentTexts.failed}</p>;
  } else {
    content = <p className="city-note">{PaymentTexts.loading}</p>;
  }

  return (
    <section className="payment-history" aria-labelledby={headingId} data-testid="payment-history">
      <h3 id={headingId} className="city-popup__heading">
        {PaymentTexts.historyTitle}
      </h3>
      {content}
      {history.data?.hasMore && <p className="city-note">{PaymentTexts.more}</p>}
    </section>
  );
}

/** A payment credited while the history is open (a deposit whose report was lost) changes the city: it reloads. */
function useCityReloadOnCredit(username: string, payments: PaymentHistoryEntry[] | undefined) {
  const queryClient = useQueryClient();
  const credited = payments
    ?.filter((payment) => payment.status === 'credited')
    .map(paymentKey)
    .join(',');
  const previous = useRef(credited);
  useEffect(() => {
    if (credited === undefined) return;
    if (previous.current !== undefined && previous.current !== credited)
      void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
    previous.current = credited;
  }, [credited, queryClient, username]);
}

function PaymentLine({ payment }: { payment: PaymentHistoryEntry }) {
  return (
    <li className="payment" data-testid="payment" data-status={payment.status} data-transaction-id={payment.transactionId}>
      <div className="payment__line">
        <span className="payment__purpose">{paymentPurposeLabel(payment)}</span>
        <span className="payment__amount">{paymentAmount(payment)}</span>
      </div>
      <div className="payment__line payment__meta">
        <time dateTime={payment.time}>{new Date(payment.time).toLocaleString()}</time>
        <span className={`payment__status payment__status--${payment.status}`} data-testid="payment-status">
          {STATUS_LABELS[payment.status]}
        </span>
      </div>
      {payment.refund && <RefundExplanation refund={payment.refund} />}
      <p className="payment__meta">
        Transaction: <code className="payment__id">{payment.transactionId}</code>
      </p>
    </li>
  );
}
