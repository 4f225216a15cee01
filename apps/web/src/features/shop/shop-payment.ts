import {
  shopPaymentMemo,
  ShopMessages,
  type ShopItemDto,
  type ShopPurchaseStatusResponse,
  type ShopPurchasesResponse,
} from '@runik/contract';
import { cityKeys, gearKeys, shopKeys } from '../../shared/query-keys';
import { swapHiveQuantity } from '../../wallet/amounts';
import type { PaymentKind, PaymentRequest } from '../../wallet/use-payment';
import { fetchPendingShopPurchases, fetchShopPurchaseStatus, pendingPurchaseOf, postShopPurchase } from './shop-api';

/** A shop item paid in SWAP.HIVE (spec sections 4, 5 and 8), a kind of `usePayment`: a confirmed purchase shows its rewards. */
export function shopPaymentKind(username: string): PaymentKind<ShopPurchaseStatusResponse, ShopPurchasesResponse> {
  return {
    pending: {
      queryKey: shopKeys.pending(username),
      fetch: () => fetchPendingShopPurchases(username),
      of: (answer) => {
        const pending = pendingPurchaseOf(answer);
        return pending && { purchaseId: pending.purchaseId, label: pending.itemName };
      },
    },
    fetchStatus: fetchShopPurchaseStatus,
    confirmedKind: 'shop-purchase-confirmed',
    failed: ShopMessages.purchaseFailed,
    refused: ShopMessages.purchaseFailed,
    // The balance and affordability shown with the items; the rewards land in the city and among the gears.
    refreshes: { settled: [shopKeys.items(username)], confirmed: [cityKeys.city(username), gearKeys.all] },
  };
}

/** Paying for `item`: the price the player saw is the amount sent and the price reported (the server refuses a stale one). */
export function shopPaymentRequest(username: string, item: ShopItemDto): PaymentRequest {
  const price = swapHiveQuantity(item.price);
  return {
    paying: item.name,
    from: username,
    amount: price,
    memo: shopPaymentMemo(username, item.name),
    report: async (hiveTxId) => ({
      purchaseId: (await postShopPurchase({ hiveUsername: username, itemName: item.name, price, hiveTxId })).purchaseId,
    }),
  };
}
