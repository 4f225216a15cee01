import { ShopMessages, type PaymentHistoryEntry, type PaymentRefundReason } from '@runik/contract';
import { formatChainQuantity } from '@runik/rules';

/** Why a payment was sent back, in the player's words (the server gives a code). */
export const REFUND_REASON_WORDING: Record<PaymentRefundReason, string> = {
  'not-registered': 'It came from an account that had no game account yet.',
  'unreadable-quantity': 'Its amount could not be read.',
  'second-transfer': 'It was a second transfer in the same transaction; one transaction pays for one thing.',
  'paid-again-while-pending': 'It paid again for a purchase whose first payment was still being confirmed; the first one bought it.',
  'token-not-taken': 'The game does not take this token: deposits are paid in RNK, purchases in SWAP.HIVE.',
  'unknown-memo': "Its memo did not say what it paid for. Pay from the game's screens so the memo is filled in for you.",
  'memo-names-another-account': "Its memo named another player's account: a purchase is paid by the player who receives it.",
  'unknown-shop-item': 'Its memo named an item the shop does not sell.',
  'shop-item-limit-reached': ShopMessages.limitReached,
  'wrong-quantity': 'Its amount did not match the price.',
  'below-registration-fee': 'Its amount was below the registration fee.',
  'already-activated': 'Your account was already activated.',
  other: 'It did not match anything the game sells.',
};

export const PaymentTexts = {
  historyTitle: 'Payment history',
  empty: 'No payments yet. Deposits and purchases sent to the game show here.',
  loading: 'Loading payments…',
  failed: 'Unable to load your payment history.',
  more: 'Showing your most recent payments.',
  refundSending: 'Refund on its way to your wallet.',
  refundSent: 'Refunded to your wallet.',
  refundFailed: 'The refund could not be sent. Please contact support with the transaction ID.',
  noticeTitle: (count: number) => (count === 1 ? 'A payment was refunded' : `${count} payments were refunded`),
  viewHistory: 'Payment history',
  dismiss: 'Dismiss',
} as const;

/** The shown state of a payment: pending, completed (credited) or refunded. */
export const STATUS_LABELS: Record<PaymentHistoryEntry['status'], string> = {
  pending: 'Pending',
  credited: 'Completed',
  refunded: 'Refunded',
};

/** What a payment paid for, as its line says it. */
export function paymentPurposeLabel(payment: PaymentHistoryEntry): string {
  switch (payment.paidFor) {
    case 'deposit':
      return 'RUNIK deposit';
    case 'registration':
      return 'Account activation';
    case 'packs':
      return payment.packCount === null ? 'Packs' : `${payment.packCount} ${payment.packCount === 1 ? 'pack' : 'packs'}`;
    case 'shop-item':
      return payment.shopItem === null ? 'Shop item' : `Shop: ${payment.shopItem}`;
    case 'unmatched':
      return 'Unmatched payment';
    case null:
      return 'Payment';
  }
}

/** The amount the chain carried, with its token, in the game's 3 decimals (SWAP.HIVE carries 8). */
export const paymentAmount = (payment: PaymentHistoryEntry) => `${formatChainQuantity(payment.quantity)} ${payment.symbol}`;
