/** Every queue, job name and job payload, in one place. */
export const Queues = {
  /** Anything that moves value against the chain: registrations, deposits, withdrawals and SWAP.HIVE purchases. */
  ledger: 'ledger',
  /** Global timed events, each a BullMQ job scheduler: one run per tick however many workers run. */
  schedules: 'schedules',
} as const;

export const ScheduledJobs = {
  citadelDailyReset: 'citadel-daily-reset',
  seasonRollover: 'season-rollover',
  /** Daily: notifications past NOTIFICATION_RETENTION_DAYS are deleted. */
  notificationsExpiry: 'notifications-expiry',
  /** Daily: alliance chat lines past ALLIANCE_CHAT_RETENTION_DAYS, and ended mutes, are deleted. */
  allianceChatExpiry: 'alliance-chat-expiry',
  /** Throne Wars: cron ticks at the calendar's moments (voting opens and closes, battle slots), a minute safety tick, and delayed wake-ups; each brings the war up to now. */
  throneVotingOpens: 'throne-voting-opens',
  throneVotingCloses: 'throne-voting-closes',
  throneBattleStarts: 'throne-battle-starts',
  throneCatchUp: 'throne-catch-up',
  throneAdvance: 'throne-advance',
  /** Every WITHDRAWAL_QUEUE_CHECK_MS: queued withdrawals the game account's RNK now covers are let go, oldest first. */
  withdrawalQueueRelease: 'withdrawal-queue-release',
  /** Every minute until done for the game day: the day's emission budget sized from the treasury. */
  emissionSizing: 'emission-sizing',
  /** Every minute: the commitments of the game days that ended posted on chain (their Merkle root), and the posts followed into a block. */
  fairnessPost: 'fairness-post',
} as const;

export const LedgerJobs = {
  confirmRegistration: 'confirm-registration',
  confirmDeposit: 'confirm-deposit',
  sendWithdrawal: 'send-withdrawal',
  confirmPackPurchase: 'confirm-pack-purchase',
  confirmShopPurchase: 'confirm-shop-purchase',
} as const;

export interface ConfirmRegistrationJob {
  registrationId: number;
}

export interface ConfirmDepositJob {
  depositId: number;
}

export interface SendWithdrawalJob {
  withdrawalId: number;
}

export interface ConfirmPackPurchaseJob {
  packPurchaseId: number;
}

export interface ConfirmShopPurchaseJob {
  shopPurchaseId: number;
}

/** How many times the worker looks for a registration's transaction (CONFIRM_REGISTRATION_RETRY_MS apart) before calling it invalid. */
export const CONFIRM_REGISTRATION_ATTEMPTS = 40;

/**
 * Thrown by a ledger job whose chain transaction is not visible yet: BullMQ retries the job after
 * its backoff. Every such job takes `lastAttempt` to decide what to do when the retries run out.
 */
export class RetryLater extends Error {}
