import { z } from 'zod';
import { hiveUsernameSchema, transactionIdSchema } from '../common/schemas';
import type { SwapHivePurchaseStatus } from '../common/swap-hive';
import { plainText } from '../common/text';

/** Shop messages (ours; the spec's shared SWAP.HIVE texts are SwapHiveMessages). */
export const ShopMessages = {
  unknownItem: 'Unknown shop item.',
  invalidPrice: 'price must be the item price in SWAP.HIVE with at most 3 decimals.',
  priceMismatch: 'The price does not match the item. Please reload the shop.',
  limitReached: 'You have already bought this item as many times as it may be bought.',
  invalidPurchaseId: 'Invalid shop purchase id.',
  purchaseNotFound: 'Shop purchase not found.',
  invalidStatus: "status must be 'pending'.",
  confirmed: 'Purchase confirmed! Your rewards have been delivered.',
  purchaseFailed: 'Purchase failed',
  failedItems: 'Failed to load shop items',
} as const;

/** The memo a shop payment carries, binding it to the buyer and the item. */
export function shopPaymentMemo(username: string, itemName: string): string {
  return `runik-shop:${username}:${itemName}`;
}

/** The buyer and item a shop payment memo names, or null when the memo is not one. */
export function parseShopPaymentMemo(memo: string): { username: string; itemName: string } | null {
  const [, username, itemName] = /^runik-shop:([^:]+):(.+)$/s.exec(memo) ?? [];
  return username && itemName ? { username, itemName } : null;
}

export const shopUsernameParamsSchema = z.strictObject({ username: hiveUsernameSchema });
export const shopPurchasesQuerySchema = z.strictObject({ status: z.literal('pending', { error: ShopMessages.invalidStatus }).optional() });
export const shopPurchaseParamsSchema = z.strictObject({
  id: z
    .string({ error: ShopMessages.invalidPurchaseId })
    .regex(/^[1-9]\d{0,14}$/, ShopMessages.invalidPurchaseId)
    .transform(Number),
});

export const createShopPurchaseSchema = z.strictObject({
  hiveUsername: hiveUsernameSchema,
  itemName: plainText(z.string({ error: ShopMessages.unknownItem }), 'Item name')
    .min(1, ShopMessages.unknownItem)
    .max(60, ShopMessages.unknownItem),
  /** The price the player saw, SWAP.HIVE: it must still be the item's price. */
  price: z.union([z.number(), z.string()], { error: ShopMessages.invalidPrice }),
  hiveTxId: transactionIdSchema,
});
export type CreateShopPurchaseRequest = z.infer<typeof createShopPurchaseSchema>;

export interface ShopItemDto {
  name: string;
  /** SWAP.HIVE, three decimals. */
  price: number;
  rewards: string[];
  /** Which purchase of this item the next one would be (1 for the first). */
  nextPurchaseCount: number;
  canAfford: boolean;
  /** Purchases of it a player may make; null for unlimited. */
  limit: number | null;
}

export interface ShopItemsResponse {
  items: ShopItemDto[];
  /** The player's SWAP.HIVE on Hive Engine. */
  hiveBalance: number;
}

export interface CreateShopPurchaseResponse {
  success: true;
  purchaseId: number;
}

export interface ShopPurchase {
  purchaseId: number;
  itemName: string;
  status: SwapHivePurchaseStatus;
  createdAt: string;
}

export interface ShopPurchasesResponse {
  purchases: ShopPurchase[];
}

export interface ShopPurchaseStatusResponse {
  purchaseId: number;
  itemName: string;
  status: SwapHivePurchaseStatus;
  /** What the purchase granted (or will grant), as text. */
  rewards: string[];
  /** Which purchase of the item this was. */
  purchaseCount: number;
  error: string | null;
  /** The payment's transfer recorded by the chain follower (payment step `seen`); true once confirmed too. */
  seenOnChain: boolean;
  /** Not seen on chain yet, but in a Hive block that Hive Engine has not processed yet (PaymentChainProgress). */
  awaitingHiveEngine: boolean;
}
