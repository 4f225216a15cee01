import { useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  type CreateShopPurchaseRequest,
  type CreateShopPurchaseResponse,
  type ShopPurchase,
  type ShopItemsResponse,
  type ShopPurchasesResponse,
  type ShopPurchaseStatusResponse,
} from '@runik/contract';
import { httpClient } from '../../api/http-client';

export const shopKeys = {
  all: ['shop'] as const,
  items: (username: string) => ['shop', 'items', username] as const,
  pending: (username: string) => ['shop', 'pending', username] as const,
};

export async function fetchShopItems(username: string): Promise<ShopItemsResponse> {
  return (await httpClient.get<ShopItemsResponse>(ApiRoutes.shopItems(username))).data;
}

export async function fetchPendingShopPurchases(username: string): Promise<ShopPurchasesResponse> {
  return (await httpClient.get<ShopPurchasesResponse>(ApiRoutes.shopPendingPurchases(username))).data;
}

export async function postShopPurchase(request: CreateShopPurchaseRequest): Promise<CreateShopPurchaseResponse> {
  return (await httpClient.post<CreateShopPurchaseResponse>(ApiRoutes.shopPurchaseCreate, request)).data;
}

export async function fetchShopPurchaseStatus(id: number): Promise<ShopPurchaseStatusResponse> {
  return (await httpClient.get<ShopPurchaseStatusResponse>(ApiRoutes.shopPurchaseStatus(id))).data;
}

/** The player's pending purchase, if any (one at a time: spec section 4). */
export function pendingPurchaseOf(response: ShopPurchasesResponse | undefined): ShopPurchase | null {
  return response?.purchases.find((purchase) => purchase.status === 'pending') ?? null;
}

/** Items, prices, affordability and the SWAP.HIVE balance; reloaded on focus and reconnect. */
export function useShopItems(username: string) {
  return useQuery({ queryKey: shopKeys.items(username), queryFn: () => fetchShopItems(username) });
}

/** The player's SWAP.HIVE shop purchases still awaiting the worker's confirmation. */
export function usePendingShopPurchases(username: string) {
  return useQuery({ queryKey: shopKeys.pending(username), queryFn: () => fetchPendingShopPurchases(username) });
}
