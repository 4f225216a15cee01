import { z } from 'zod';
import { PACK_BULK_SIZE } from '@runik/rules';
import { hiveUsernameSchema, transactionIdSchema } from '../common/schemas';
import type { Gear } from '../gear/gear.contract';
import { SwapHiveMessages } from '../common/swap-hive';
import type { SwapHivePurchaseStatus } from '../common/swap-hive';

/** Pack store messages: the spec's verbatim where it gives them (section 8, with the SWAP.HIVE texts shared with the shop), ours otherwise. */
export const PackMessages = {
  ...SwapHiveMessages,
  invalidPackCount: `packCount must be 1 or ${PACK_BULK_SIZE}.`,
  invalidPurchaseId: 'Invalid pack purchase id.',
  purchaseNotFound: 'Pack purchase not found.',
  notConfirmed: 'This purchase is not confirmed yet.',
  purchaseInvalid: 'This purchase was not paid.',
  alreadyOpened: 'These packs were already opened.',
  // Client texts (section 8).
  loginPacks: 'Please log in to access the pack store.',
  runikFailed: 'RUNIK purchase failed',
  openFailed: 'Failed to open packs',
  invalidOpening: 'Invalid pack opening response: missing gear data',
  infoFailed: 'Failed to fetch pack info',
} as const;

const packCountSchema = z.union([z.literal(1), z.literal(PACK_BULK_SIZE)], { error: PackMessages.invalidPackCount });

export const packsUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const packPurchaseParamsSchema = z.strictObject({
  id: z
    .string({ error: PackMessages.invalidPurchaseId })
    .regex(/^[1-9]\d{0,14}$/, PackMessages.invalidPurchaseId)
    .transform(Number),
});

export const runikPackPurchaseSchema = z.strictObject({ hiveUsername: hiveUsernameSchema, packCount: packCountSchema });
export type RunikPackPurchaseRequest = z.infer<typeof runikPackPurchaseSchema>;
export const hivePackPurchaseSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  packCount: packCountSchema,
  hiveTxId: transactionIdSchema,
});
export type HivePackPurchaseRequest = z.infer<typeof hivePackPurchaseSchema>;

/** The memo a SWAP.HIVE pack payment carries, binding it to the buyer and the count. */
export function packPaymentMemo(username: string, packCount: number): string {
  return `runik-packs:${username}:${packCount}`;
}

/** The buyer and count a pack payment memo names, or null when the memo is not one (or names a count not sold). */
export function parsePackPaymentMemo(memo: string): { username: string; packCount: number } | null {
  const [, username, count] = /^runik-packs:([^:]+):(\d+)$/.exec(memo) ?? [];
  const packCount = packCountSchema.safeParse(Number(count));
  return username && packCount.success ? { username, packCount: packCount.data } : null;
}

export interface PackPrices {
  single: number;
  bulk: number;
}

export interface PackInfoResponse {
  /** RUNIK and SWAP.HIVE per single pack and per bulk of 10. */
  prices: { runik: PackPrices; hive: PackPrices };
  canAfford: { runik: { single: boolean; bulk: boolean }; hive: { single: boolean; bulk: boolean } };
  userRunikPackCount: number;
  userHivePackCount: number;
  /** 1 + floor(packs bought / 10): the level of the gears the next packs hold (up to 5). */
  tier: number;
  balance: { hive: number; runik: number };
}

export type PackPurchaseStatus = SwapHivePurchaseStatus;

export interface PackPurchaseResponse {
  success: true;
  packPurchaseId: number;
  packCount: number;
  status: PackPurchaseStatus;
}

export interface PendingPackPurchaseResponse {
  hasPending: boolean;
  packPurchaseId: number | null;
  /** Confirmed purchases not opened yet (a closed tab, a failed overlay): they can still be opened. */
  unopenedPurchaseIds: number[];
}

export interface PackPurchaseStatusResponse {
  packPurchaseId: number;
  status: PackPurchaseStatus;
  packCount: number;
  currency: 'runik' | 'hive';
  opened: boolean;
  /** Why the payment was refused, when invalid. */
  error: string | null;
  /** A SWAP.HIVE payment's transfer recorded by the chain follower (payment step `seen`); false for RUNIK purchases (never on chain). */
  seenOnChain: boolean;
  /** Not seen on chain yet, but in a Hive block that Hive Engine has not processed yet (PaymentChainProgress). */
  awaitingHiveEngine: boolean;
}

export interface PackOpenResponse {
  packPurchaseId: number;
  packCount: number;
  /** The seed the gears were rolled from: rollPacks(seed, packCount, tier) replays them. */
  seed: number;
  tier: number;
  gears: Gear[];
}
