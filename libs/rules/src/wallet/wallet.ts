/** RNK on Hive Engine carries 3 decimals, like RUNIK: 1 RNK deposited is 1 RUNIK. */
export const RNK_SYMBOL = 'RNK';
export const RNK_DECIMALS = 3;

/** A new deposit may start this long after the previous one (the spec leaves it to us). */
export const DEPOSIT_COOLDOWN_MS = 60_000;
/** The worker looks for a deposit's transaction this long before calling it failed (the spec's 12 minutes). */
export const DEPOSIT_CONFIRMATION_WINDOW_MS = 12 * 60 * 1000;
export const DEPOSIT_RETRY_MS = 5_000;

/** Client polling of a deposit: every 20 s, at most 36 times (12 minutes). */
export const DEPOSIT_POLL_INTERVAL_MS = 20_000;
export const DEPOSIT_POLL_ATTEMPTS = 36;

export const WITHDRAW_COOLDOWN_MS = 8 * 60 * 60 * 1000;
/** Client throttle for deposit and withdraw: one attempt per 5 seconds. */
export const WALLET_THROTTLE_MS = 5_000;

/** The payment history reloads this often while it is open, so a payment the chain settles shows up by itself. */
export const PAYMENT_HISTORY_REFRESH_MS = 5_000;
/** The city screen looks for newly refunded payments this often (and on focus and reconnect). */
export const REFUND_NOTICE_REFRESH_MS = 60_000;
