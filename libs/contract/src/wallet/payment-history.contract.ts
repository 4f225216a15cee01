import { z } from 'zod';
import { hiveUsernameSchema, offsetQueryParameterSchema } from '../common/schemas';

/** Payments per page of GET /api/city/payments/{username}, newest first. */
export const PAYMENT_HISTORY_PAGE_SIZE = 50;

export const paymentHistoryParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const paymentHistoryQuerySchema = z.strictObject({ offset: offsetQueryParameterSchema });

/** What a payment paid for; `unmatched` when it paid for nothing and was sent back. */
export const PAYMENT_PURPOSES = ['deposit', 'registration', 'packs', 'shop-item', 'unmatched'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** `pending` until the chain follower has settled it; then `credited`, or `refunded` (see `refund`). */
export const PAYMENT_STATUSES = ['pending', 'credited', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Why a payment paid for nothing and goes back to its sender. `other` is a reason this version does
 * not know (a reason written by an older or newer server).
 */
export const PAYMENT_REFUND_REASONS = [
  'not-registered',
  'unreadable-quantity',
  'second-transfer',
  'paid-again-while-pending',
  'token-not-taken',
  'unknown-memo',
  'memo-names-another-account',
  'unknown-shop-item',
  'shop-item-limit-reached',
  'wrong-quantity',
  'below-registration-fee',
  'already-activated',
  'other',
] as const;
export type PaymentRefundReason = (typeof PAYMENT_REFUND_REASONS)[number];

/**
 * The way back of an unmatched payment: `sending` until the refund is in a Hive Engine block,
 * `sent` once it is, `failed` when Hive Engine refused it (left to the operators).
 */
export const PAYMENT_REFUND_STATES = ['sending', 'sent', 'failed'] as const;
export type PaymentRefundState = (typeof PAYMENT_REFUND_STATES)[number];

export interface PaymentRefund {
  reason: PaymentRefundReason;
  state: PaymentRefundState;
  /** The refund's Hive Engine transaction, once it is in a block (`state` `sent`); null before. */
  transactionId: string | null;
}

/** One token transfer of the player to the game account, as the chain recorded it. */
export interface PaymentHistoryEntry {
  /** The Hive Engine transaction that carried it. */
  transactionId: string;
  /** Its place among the transfers of that transaction (almost always 0). */
  logIndex: number;
  /** When its block was made (ISO 8601, UTC). */
  time: string;
  /** The token sent: `RNK` or `SWAP.HIVE` (any other token is refunded). */
  symbol: string;
  /** The amount, a decimal string exactly as the chain carried it. */
  quantity: string;
  /** What it paid for; null while pending. */
  paidFor: PaymentPurpose | null;
  /** The shop item a `shop-item` payment bought. */
  shopItem: string | null;
  /** The packs a `packs` payment bought. */
  packCount: number | null;
  status: PaymentStatus;
  /** Set when `status` is `refunded`. */
  refund: PaymentRefund | null;
}

/** GET /api/city/payments/{username}?offset=: the player's payments, newest first, a page at a time. */
export interface PaymentHistoryResponse {
  payments: PaymentHistoryEntry[];
  /** Older payments follow: ask again with `offset` moved on by this page's length. */
  hasMore: boolean;
}
