import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiRoutes,
  type HivePackPurchaseRequest,
  type PackInfoResponse,
  type PackOpenResponse,
  type PackPurchaseResponse,
  type PackPurchaseStatusResponse,
  type PendingPackPurchaseResponse,
  type RunikPackPurchaseRequest,
} from '@runik/contract';
import { cityKeys, packKeys } from '../../shared/query-keys';
import { httpClient, responseData } from '../../api/http-client';

export type PackCount = RunikPackPurchaseRequest['packCount'];

export async function fetchPackInfo(username: string): Promise<PackInfoResponse> {
  return responseData(httpClient.get<PackInfoResponse>(ApiRoutes.packInfo(username)));
}

export async function fetchPendingPurchase(username: string): Promise<PendingPackPurchaseResponse> {
  return responseData(httpClient.get<PendingPackPurchaseResponse>(ApiRoutes.packPendingStatus(username)));
}

export async function postRunikPurchase(request: RunikPackPurchaseRequest): Promise<PackPurchaseResponse> {
  return responseData(httpClient.post<PackPurchaseResponse>(ApiRoutes.packPurchaseRunik, request));
}

export async function postHivePurchase(request: HivePackPurchaseRequest): Promise<PackPurchaseResponse> {
  return responseData(httpClient.post<PackPurchaseResponse>(ApiRoutes.packPurchaseHive, request));
}

export async function fetchPurchaseStatus(id: number): Promise<PackPurchaseStatusResponse> {
  return responseData(httpClient.get<PackPurchaseStatusResponse>(ApiRoutes.packPurchaseStatus(id)));
}

export async function postOpenPacks(id: number): Promise<PackOpenResponse> {
  return responseData(httpClient.post<PackOpenResponse>(ApiRoutes.packOpen(id), {}));
}

/** Prices, affordability, counts bought, tier and balances; reloaded on focus and reconnect. */
export function usePackInfo(username: string) {
  return useQuery({ queryKey: packKeys.info(username), queryFn: () => fetchPackInfo(username) });
}

/** Whether a SWAP.HIVE purchase of the player's still awaits its confirmation (spec section 4). */
export function usePendingPurchase(username: string) {
  return useQuery({ queryKey: packKeys.pending(username), queryFn: () => fetchPendingPurchase(username) });
}

/**
 * Buying packs with RUNIK: one call, confirmed at once, so not a SWAP.HIVE payment. The balances
 * are reloaded however it ends.
 */
export function useRunikPurchase(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packCount: PackCount) => postRunikPurchase({ hiveUsername: username, packCount }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: packKeys.info(username) });
      void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
    },
  });
}
