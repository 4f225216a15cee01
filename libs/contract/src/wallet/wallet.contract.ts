import { z } from 'zod';
import { parseDecimal } from '@runik/rules';
import { hiveUsernameSchema, transactionIdSchema } from '../common/schemas';
import type { Resources } from '../city/city.contract';

export const WalletMessages = {
  invalidAmount: 'Amount must be a positive RUNIK amount with at most 3 decimals.',
  depositCooldown: (seconds: number) => `Deposit on cooldown. Please wait ${seconds} seconds.`,
  depositProcessing: 'A deposit is already being processed. Please wait for it to complete.',
  depositNotFound: 'Deposit not found',
  depositAmountMismatch: (sent: string) => `Deposit amount does not match the transfer: ${sent} RNK was sent.`,
  withdrawalsDisabled:
    "Withdrawals are disabled for your account. You registered with the free option which doesn't include withdrawal capability.",
  withdrawCooldown: (countdown: string) => `Withdrawal on cooldown. Try again in ${countdown}`,
  /** A withdrawal over the per-account daily cap: what is left today (0 when none) and when more becomes possible. */
  accountCapReached: (cap: string, left: string, countdown: string) =>
    // Any digit but 0: the figure may carry thousands separators.
    /[1-9]/.test(left)
      ? `This withdrawal is over the daily limit of ${cap} RUNIK per account: ${left} RUNIK can still be withdrawn today, the rest once the limit resets in ${countdown}`
      : `Daily withdrawal limit reached: at most ${cap} RUNIK per account per day, 0 RUNIK left today. More can be withdrawn once the limit resets in ${countdown}`,
  queued: (floorPercent: string) =>
    `The game account's RNK covers less than ${floorPercent}% of the RUNIK players may withdraw, so withdrawals wait in line and are sent in order, oldest first, as soon as it is topped up. Your RUNIK is set aside meanwhile.`,
  queueReleasing: 'Withdrawals waiting in line are being sent, in order, oldest first.',
  queuedForGameCap: (cap: string, countdown: string) =>
    `Today's withdrawals for all players have reached the game's daily limit of ${cap} RUNIK, so withdrawals wait in line and are sent in order, oldest first, as the next days' limits allow (the next in ${countdown}). Your RUNIK is set aside meanwhile.`,
  lockedRunik: (withdrawable: string, locked: string) =>
    `Only ${withdrawable} RUNIK of your balance can be withdrawn: ${locked} RUNIK was bought with SWAP.HIVE or kept back at your activation, and is for use in the game only.`,
} as const;

/** Reasons a deposit failed, as the check call reports them. */
export const DepositFailures = {
  notFound: 'Transaction not found on Hive Engine',
  failed: 'Transaction failed on Hive Engine',
  notTransfer: 'Transaction is not a token transfer',
  wrongSender: 'Transaction was not sent by this player',
  wrongRecipient: 'Transaction was not sent to the game account',
  wrongSymbol: 'Transaction is not an RNK transfer',
} as const;

/** A RUNIK amount: positive, at most 3 decimals, as a number or a decimal string; parsed to thousandths. */
export const runikAmountSchema = z.union([z.number(), z.string()], { error: WalletMessages.invalidAmount }).transform((value, context) => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const thousandths = parseDecimal(text === '' ? 'x' : text, 3);
  if (thousandths === null || thousandths <= 0) {
    context.addIssue({ code: 'custom', message: WalletMessages.invalidAmount });
    return z.NEVER;
  }
  return thousandths;
});

export const depositInitSchema = z.strictObject({ amount: runikAmountSchema, txId: transactionIdSchema });
export type DepositInitRequest = z.input<typeof depositInitSchema>;
export type DepositInitCommand = z.output<typeof depositInitSchema>;

export const depositCheckParamsSchema = z.strictObject({ txId: transactionIdSchema });
export const depositCheckQuerySchema = z.strictObject({ username: hiveUsernameSchema, amount: runikAmountSchema.optional() });

export type DepositStatus = 'pending' | 'completed' | 'failed';

export interface DepositInitResponse {
  status: DepositStatus;
  transactionId: string;
}

export interface DepositCheckResponse {
  status: DepositStatus;
  error: string | null;
  /** The chain follower has recorded the transfer (payment step `seen`); true once completed too. */
  seenOnChain: boolean;
  /** Not seen on chain yet, but in a Hive block that Hive Engine has not processed yet (PaymentChainProgress). */
  awaitingHiveEngine: boolean;
}

export interface DepositStatusResponse {
  canDeposit: boolean;
  remainingMs: number;
  nextDepositTime: string | null;
  lastDepositTime: string | null;
  /** A deposit is waiting for its chain confirmation. */
  processing: boolean;
}

export const withdrawSchema = z.strictObject({ amount: runikAmountSchema });
export type WithdrawRequest = z.input<typeof withdrawSchema>;

/** `queued`: debited, waiting in line for the game account's RNK to cover it (the coverage floor). */
export type WithdrawalStatus = 'queued' | 'pending' | 'sent' | 'completed' | 'refunded';

/** A withdrawal waiting in line: its place (1 is the next to be sent) among every player's. */
export interface QueuedWithdrawal {
  withdrawalId: number;
  amount: number;
  position: number;
  queuedAt: string;
}

export interface WithdrawResponse {
  status: WithdrawalStatus;
  /** The chain transaction, once the worker has signed it. */
  transactionId: string | null;
  nextWithdrawalTime: string;
  resources: Resources;
  amount: number;
  /** Set when `status` is `queued`. */
  queued: QueuedWithdrawal | null;
  /** Why it waits (WalletMessages.queued, or queueReleasing once the operators lift the floor); null when it was not queued. */
  queueReason: string | null;
}

/** The operators' daily withdrawal caps in RUNIK (null: no cap) and what is left of them in the current game day. */
export interface WithdrawLimits {
  accountCap: number | null;
  accountRemaining: number | null;
  gameCap: number | null;
  gameRemaining: number | null;
  /** When the game day ends and the caps start again (08:00 in Manila). */
  resetsAt: string;
  resetsInMs: number;
}

export interface WithdrawStatusResponse {
  /** Paid, past the cooldown, and the account's daily cap not used up (over the game's cap a withdrawal waits in line). */
  canWithdraw: boolean;
  remainingMs: number;
  nextWithdrawalTime: string | null;
  lastWithdrawalTime: string | null;
  limits: WithdrawLimits;
  /** The player's withdrawals waiting in line, oldest first. */
  queued: QueuedWithdrawal[];
  /** Why they wait; null when none does. */
  queueReason: string | null;
  /** RUNIK the player may withdraw: their balance less the RUNIK for use in the game only (bought with SWAP.HIVE, or kept back at activation). */
  withdrawableRunik: number;
}
