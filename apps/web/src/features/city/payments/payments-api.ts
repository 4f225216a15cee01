import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, type PaymentHistoryEntry, type PaymentHistoryResponse } from '@runik/contract';
import { paymentKeys } from '../../../shared/query-keys';
import { httpClient, responseData } from '../../../api/http-client';

/** A payment's identity: its transaction and its place among that transaction's transfers. */
export const paymentKey = (payment: Pick<PaymentHistoryEntry, 'transactionId' | 'logIndex'>) =>
  `${payment.transactionId}/${payment.logIndex}`;

async function fetchPaymentHistory(username: string): Promise<PaymentHistoryResponse> {
  return responseData(httpClient.get<PaymentHistoryResponse>(ApiRoutes.paymentHistory(username)));
}

/**
 * The newest page of the player's payments, reloaded every `refreshMs` while a screen shows it (the
 * shortest interval of the screens showing it wins), on focus and on reconnect.
 */
export function usePaymentHistory(username: string, refreshMs: number) {
  return useQuery({
    queryKey: paymentKeys.history(username),
    queryFn: () => fetchPaymentHistory(username),
    refetchInterval: refreshMs,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}
