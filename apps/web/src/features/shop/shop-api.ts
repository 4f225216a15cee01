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
import { shopKeys } from '../../shared/query-keys';
import { httpClient, responseData } from '../../api/http-client';

export async function fetchShopItems(username: string): Promise<ShopItemsResponse> {
  return responseData(httpClient.get<ShopItemsResponse>(ApiRoutes.shopItems(username)));
}

export async function fetchPendingShopPurchases(username: string): Promise<ShopPurchasesResponse> {
  return responseData(httpClient.get<ShopPurchasesResponse>(ApiRoutes.shopPendingPurchases(username)));
}

export async function postShopPurchase(request: CreateShopPurchaseRequest): Promise<CreateShopPurchaseResponse> {
  return responseData(httpClient.post<CreateShopPurchaseResponse>(ApiRoutes.shopPurchaseCreate, request));
}

export async function fetchShopPurchaseStatus(id: number): Promise<ShopPurchaseStatusResponse> {
  return responseData(httpClient.get<ShopPurchaseStatusResponse>(ApiRoutes.shopPurchaseStatus(id)));
}

/** The player's pending purchase, if any (one at a time: spec section 4). */
export function pendingPurchaseOf(response: ShopPurchasesResponse | undefined): ShopPurchase | null {
  return response?.purchases.find((purchase) => purchase.status === 'pending') ?? null;
}

/** Items, prices, affordability and the SWAP.HIVE balance; reloaded on focus and reconnect. */
export function useShopItems(username: string) {
  return useQuery({ queryKey: shopKeys.items(username), queryFn: () => fetchShopItems(username) });
}
