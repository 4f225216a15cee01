/** SWAP.HIVE purchases (packs and the shop): the spec's texts (section 8) and the worker's refusals. */
export const SwapHiveMessages = {
  pendingPurchase: 'Please wait for your previous transaction to finish processing first.',
  transactionUsed: 'This transaction was already used for a purchase.',
  // Client texts (section 8).
  installKeychain: 'Please install Hive Keychain extension to make purchases',
  paymentSent: 'Payment sent! Waiting for confirmation...',
  cancelled: 'Transaction was cancelled by the user.',
  timedOut: 'Purchase confirmation timed out. Please check your purchase history or contact support.',
  pollingError: 'Error polling for confirmation. Please check your purchase history.',
} as const;

/** Why the worker refused a SWAP.HIVE payment. */
export const SwapHivePaymentFailures = {
  notFound: 'Transaction not found on Hive Engine',
  failed: 'Transaction failed on Hive Engine',
  notTransfer: 'Transaction is not a SWAP.HIVE token transfer',
  wrongSender: 'Transaction was not sent by this player',
  wrongRecipient: 'Transaction was not sent to the game account',
  wrongQuantity: 'Transaction quantity does not match the price',
  wrongMemo: 'Transaction memo does not match the purchase',
  alreadyUsed: 'Transaction already paid for another purchase',
} as const;

export type SwapHivePurchaseStatus = 'pending' | 'confirmed' | 'invalid';
