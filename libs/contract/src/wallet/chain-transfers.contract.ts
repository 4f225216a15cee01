import { z } from 'zod';

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
}

/** GET /api/admin/chain/transfers: the follower's position and the newest transfers (operators only). */
export interface ChainTransfersResponse {
  followedBlock: number | null;
  transfers: ChainTransferView[];
}
