import { z } from 'zod';
import { REFUND_MINIMUM_QUANTITY, REFUNDS_PER_SENDER_PER_DAY } from '@runik/rules';

/**
 * Where a token transfer to or from the game account stands, as the chain follower recorded it
 * (unmatched: to be refunded; dust: paid for nothing, under the refund minimum, kept).
 */
export const CHAIN_TRANSFER_STATUSES = [
  'outgoing',
  'treasury',
  'waiting',
  'credited',
  'unmatched',
  'refunded',
  'refund-failed',
  'dust',
] as const;
export type ChainTransferStatus = (typeof CHAIN_TRANSFER_STATUSES)[number];

export const chainTransfersQuerySchema = z.strictObject({
  status: z.enum(CHAIN_TRANSFER_STATUSES, { error: `status must be one of ${CHAIN_TRANSFER_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 500' }).int().min(1).max(500).default(100),
});
export type ChainTransfersQuery = z.infer<typeof chainTransfersQuerySchema>;

export interface ChainTransferView {
  transactionId: string;
  logIndex: number;
  blockNumber: number;
  blockTime: string;
  sender: string;
  recipient: string;
  symbol: string;
  quantity: string;
  memo: string;
  status: ChainTransferStatus;
  /** What it paid for, e.g. `deposit:12`. */
  matched: string | null;
  /** Why it was not matched (and is refunded). */
  reason: string | null;
  refundTransactionId: string | null;
  /**
   * Why a transfer that paid for nothing is not sent back (yet), as ChainTransferNotes words it: held to its
   * sender's daily refund count (until `heldUntil`), kept as dust, due, or signed and waiting for its block;
   * null for the others.
   */
  note: string | null;
  /** A held refund's earliest time to go (its sender's day has room again), ISO; null when not held. */
  heldUntil: string | null;
}

/** An instant as the operators' notes write it: `2025-06-01 08:00:00 UTC`. */
export function utcText(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

/** The operators' words for where an unmatched transfer's refund stands (`ChainTransferView.note`). */
export const ChainTransferNotes = {
  held: (untilIso: string) =>
    `held: daily refund limit for this sender (${REFUNDS_PER_SENDER_PER_DAY} a day) until ${utcText(untilIso)} at the earliest`,
  dust: `kept: dust under the ${REFUND_MINIMUM_QUANTITY} minimum refund, not sent back`,
  due: 'refund due: sent back at the next slot the game account has (withdrawals first)',
  signed: 'refund signed and broadcast, waiting for its block',
} as const;

/** GET /api/admin/chain/transfers: the follower's position and the newest transfers (operators only). */
export interface ChainTransfersResponse {
  followedBlock: number | null;
  transfers: ChainTransferView[];
}
