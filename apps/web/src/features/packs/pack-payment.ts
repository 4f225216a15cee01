import { PackMessages, packPaymentMemo, type PackPurchaseStatusResponse, type PendingPackPurchaseResponse } from '@runik/contract';
import { cityKeys, packKeys } from '../../shared/query-keys';
import { swapHiveQuantity } from '../../wallet/amounts';
import type { PaymentKind, PaymentRequest } from '../../wallet/use-payment';
import { fetchPendingPurchase, fetchPurchaseStatus, postHivePurchase, type PackCount } from './packs-api';
import { PackTexts } from './packs-messages';

/** Hands a confirmed purchase over to be opened. */
export type OpenPacks = (purchaseId: number, packCount: number) => void;

/** Packs paid in SWAP.HIVE (spec sections 4, 5 and 8), a kind of `usePayment`: a confirmed purchase is opened. */
export function packPaymentKind(username: string, open: OpenPacks): PaymentKind<PackPurchaseStatusResponse, PendingPackPurchaseResponse> {
  return {
    pending: {
      queryKey: packKeys.pending(username),
      fetch: () => fetchPendingPurchase(username),
      of: (answer) => (answer?.hasPending && answer.packPurchaseId !== null ? { purchaseId: answer.packPurchaseId, label: null } : null),
    },
    fetchStatus: fetchPurchaseStatus,
    confirmedKind: 'pack-purchase-confirmed',
    failed: PackTexts.hiveFailed,
    refused: PackTexts.invalidFallback,
    refreshes: { settled: [packKeys.info(username), cityKeys.city(username)] },
    // Opened already (in another tab): nothing is left to reveal.
    confirmedNotice: (status) => (status.opened ? PackMessages.alreadyOpened : null),
    onConfirmed: (purchaseId, status) => open(purchaseId, status.packCount),
  };
}

/** Paying `price` SWAP.HIVE for `packCount` packs; a purchase the report says is confirmed already is opened at once. */
export function packPaymentRequest(username: string, packCount: PackCount, price: number, open: OpenPacks): PaymentRequest {
  return {
    paying: 'hive',
    from: username,
    amount: swapHiveQuantity(price),
    memo: packPaymentMemo(username, packCount),
    report: async (hiveTxId) => {
      const purchase = await postHivePurchase({ hiveUsername: username, packCount, hiveTxId });
      return { purchaseId: purchase.packPurchaseId, status: purchase.status };
    },
    onConfirmedAtOnce: (purchaseId) => open(purchaseId, packCount),
  };
}
