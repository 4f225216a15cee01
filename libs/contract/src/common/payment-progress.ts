/**
 * Where a payment to the game is, for the screens that wait on one (deposit, activation, packs, shop):
 * `sent` by the wallet, `seen` on chain (the chain follower recorded its transfer, not credited yet),
 * `credited` (the game gave what it paid for). A status answer says `seen` with `seenOnChain`.
 */
export type PaymentStep = 'sent' | 'seen' | 'credited';

/**
 * A reported payment on chain, as its status answer (deposit check, transaction status, pack and shop
 * purchase status) says it: `seenOnChain` once the chain follower recorded its transfer; before that,
 * `awaitingHiveEngine` while the Hive node has it in a block and Hive Engine has not processed it yet
 * (its report stays pending however long that takes: PaymentProgressMessages.awaitingHiveEngine).
 */
export interface PaymentChainProgress {
  seenOnChain: boolean;
  awaitingHiveEngine: boolean;
}

export const PaymentProgressMessages = {
  /** A payment the Hive node has in a block, not yet processed by Hive Engine (`awaitingHiveEngine`). */
  awaitingHiveEngine: 'Your payment is in a Hive block and is waiting for Hive Engine to process it. It stays pending until then.',
} as const;

/**
 * Socket.IO: pushed to the payer's sockets, and to a visitor's socket watching the payment, when the
 * chain follower records a payment's transfer (`PaymentSeenEvent`); its credit follows as a notification.
 */
export const PAYMENT_SEEN_EVENT = 'payment-seen';

export interface PaymentSeenEvent {
  transactionId: string;
}

/**
 * A visitor (activation, before login) opens a socket with `auth: { payment: <transaction id> }` to
 * hear that payment's `payment-seen` and its `registration-confirmed` notification; such a socket joins
 * nothing else and is closed after this long.
 */
export const PAYMENT_WATCH_MS = 15 * 60 * 1000;
