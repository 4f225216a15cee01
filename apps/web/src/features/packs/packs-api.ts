import { useQuery } from '@tanstack/react-query';
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
import { httpClient } from '../../api/http-client';

export type PackCount = RunikPackPurchaseRequest['packCount'];

export const packKeys = {
  all: ['packs'] as const,
  info: (username: string) => ['packs', 'info', username] as const,
  pending: (username: string) => ['packs', 'pending', username] as const,
};

export async function fetchPackInfo(username: string): Promise<PackInfoResponse> {
  return (await httpClient.get<PackInfoResponse>(ApiRoutes.packInfo(username))).data;
}

export async function fetchPendingPurchase(username: string): Promise<PendingPackPurchaseResponse> {
  return (await httpClient.get<PendingPackPurchaseResponse>(ApiRoutes.packPendingStatus(username))).data;
}

export async function postRunikPurchase(request: RunikPackPurchaseRequest): Promise<PackPurchaseResponse> {
  return (await httpClient.post<PackPurchaseResponse>(ApiRoutes.packPurchaseRunik, request)).data;
}

export async function postHivePurchase(request: HivePackPurchaseRequest): Promise<PackPurchaseResponse> {
  return (await httpClient.post<PackPurchaseResponse>(ApiRoutes.packPurchaseHive, request)).data;
}

export async function fetchPurchaseStatus(id: number): Promise<PackPurchaseStatusResponse> {
  return (await httpClient.get<PackPurchaseStatusResponse>(ApiRoutes.packPurchaseStatus(id))).data;
}

export async function postOpenPacks(id: number): Promise<PackOpenResponse> {
  return (await httpClient.post<PackOpenResponse>(ApiRoutes.packOpen(id), {})).data;
}

/** Prices, affordability, counts bought, tier and balances; reloaded on focus and reconnect. */
export function usePackInfo(username: string) {
  return useQuery({ queryKey: packKeys.info(username), queryFn: () => fetchPackInfo(username) });
}

/** Whether a SWAP.HIVE purchase of the player's still awaits its confirmation (spec section 4). */
export function usePendingPurchase(username: string) {
  return useQuery({ queryKey: packKeys.pending(username), queryFn: () => fetchPendingPurchase(username) });
}
