import { RegistrationInvalidReasons, ShopMessages, SwapHivePaymentFailures } from '@runik/contract';
import type { PaymentRefundReason } from '@runik/contract';
import { UnmatchedReasons } from '../chain/chain-transfers';

/** Every reason the settlement gives a transfer that pays for nothing (`UnmatchedReasons`), by its code. */
const UNMATCHED: Record<keyof typeof UnmatchedReasons, PaymentRefundReason> = {
  rnkFromStranger: 'not-registered',
  paymentFromStranger: 'not-registered',
  badQuantity: 'unreadable-quantity',
  twice: 'second-transfer',
  paidAgainWhilePending: 'paid-again-while-pending',
  otherToken: 'token-not-taken',
  unknownMemo: 'unknown-memo',
  memoNamesAnother: 'memo-names-another-account',
  unknownItem: 'unknown-shop-item',
};

/** The stored reason texts (the refund memo's), with the code the player's screens word. */
const REASON_CODES: [text: string, code: PaymentRefundReason][] = [
  ...Object.entries(UNMATCHED).map(([key, code]): [string, PaymentRefundReason] => [
    UnmatchedReasons[key as keyof typeof UnmatchedReasons],
    code,
  ]),
  // What the pack, shop and registration jobs answer for a payment they cannot take.
  [SwapHivePaymentFailures.wrongQuantity, 'wrong-quantity'],
  [ShopMessages.limitReached, 'shop-item-limit-reached'],
  [RegistrationInvalidReasons.underpaid, 'below-registration-fee'],
  [RegistrationInvalidReasons.alreadyPaid, 'already-activated'],
];

/**
 * The code of a stored reason. A refund Hive Engine refused keeps its reason first and the failure
 * after it, so the reason is the text the stored one starts with.
 */
export function refundReasonCode(reason: string | null): PaymentRefundReason {
  if (!reason) return 'other';
  return REASON_CODES.find(([text]) => reason === text || reason.startsWith(`${text};`))?.[1] ?? 'other';
}
