import { skipToken, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  type CityConstantsResponse,
  type CityResponse,
  type DepositCheckResponse,
  type DepositInitRequest,
  type DepositInitResponse,
  type DepositStatusResponse,
  type ConvertPreviewResponse,
  type ConvertRequest,
  type ConvertResponse,
  type ConvertToResourcesPreviewResponse,
  type ConvertToResourcesRequest,
  type ConvertToResourcesResponse,
  type HarvestResponse,
  type HealRequest,
  type HealResponse,
  type SpeedupResponse,
  type TrainRequest,
  type TrainResponse,
  type UpgradeResponse,
  type WithdrawRequest,
  type WithdrawResponse,
  type WithdrawStatusResponse,
} from '@runik/contract';
import type { MilitaryBuildingKey } from '@runik/rules';
import { httpClient } from '../../api/http-client';
import { toCityState, type CityState } from './city-state';

export const cityKeys = {
  all: ['city'] as const,
  constants: ['city', 'constants'] as const,
  city: (username: string) => ['city', 'resources', username] as const,
  previews: ['city', 'preview'] as const,
  convertPreview: (username: string, request: string) => ['city', 'preview', 'to-runik', username, request] as const,
  convertToResourcesPreview: (username: string, request: string) => ['city', 'preview', 'to-resources', username, request] as const,
  depositStatus: (username: string) => ['city', 'deposit-status', username] as const,
  withdrawStatus: (username: string) => ['city', 'withdraw-status', username] as const,
  rnkBalance: (username: string) => ['wallet', 'rnk-balance', username] as const,
};

async function fetchCityConstants(): Promise<CityConstantsResponse> {
  const { data } = await httpClient.get<CityConstantsResponse>(ApiRoutes.cityConstants);
  return data;
}

async function fetchCity(username: string): Promise<CityState> {
  const { data } = await httpClient.get<CityResponse>(ApiRoutes.cityResources(username));
  return toCityState(data, Date.now());
}

/** Names, units and unlocks: they change only with a release. */
export function useCityConstants() {
  return useQuery({ queryKey: cityKeys.constants, queryFn: fetchCityConstants, staleTime: Infinity, gcTime: Infinity });
}

/** The player's city; reloaded when the tab becomes visible again and when the connection returns (spec section 4). */
export function useCity(username: string | null) {
  return useQuery({
    queryKey: cityKeys.city(username ?? ''),
    queryFn: username === null ? skipToken : () => fetchCity(username),
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}

// The calls behind the player's actions (spec section 7).

export async function postUpgrade(username: string, buildingKey: string): Promise<UpgradeResponse> {
  return (await httpClient.post<UpgradeResponse>(ApiRoutes.cityUpgrade(username, buildingKey))).data;
}

export async function postHarvest(username: string): Promise<HarvestResponse> {
  return (await httpClient.post<HarvestResponse>(ApiRoutes.cityHarvest(username))).data;
}

export async function postConvert(username: string, request: ConvertRequest & { preview: true }): Promise<ConvertPreviewResponse>;
export async function postConvert(username: string, request: ConvertRequest): Promise<ConvertResponse>;
export async function postConvert(username: string, request: ConvertRequest): Promise<ConvertPreviewResponse | ConvertResponse> {
  return (await httpClient.post<ConvertResponse>(ApiRoutes.cityConvert(username), request)).data;
}

export async function postConvertToResources(
  username: string,
  request: ConvertToResourcesRequest & { preview: true },
): Promise<ConvertToResourcesPreviewResponse>;
export async function postConvertToResources(username: string, request: ConvertToResourcesRequest): Promise<ConvertToResourcesResponse>;
export async function postConvertToResources(
  username: string,
  request: ConvertToResourcesRequest,
): Promise<ConvertToResourcesPreviewResponse | ConvertToResourcesResponse> {
  return (await httpClient.post<ConvertToResourcesResponse>(ApiRoutes.cityConvertToResources(username), request)).data;
}

export async function postTrain(username: string, request: TrainRequest): Promise<TrainResponse> {
  return (await httpClient.post<TrainResponse>(ApiRoutes.cityTrain(username), request)).data;
}

export async function postSpeedup(username: string, building: MilitaryBuildingKey, minutes: number): Promise<SpeedupResponse> {
  return (await httpClient.post<SpeedupResponse>(ApiRoutes.citySpeedup(username, building), { minutes })).data;
}

export async function postHeal(username: string, request: HealRequest): Promise<HealResponse> {
  return (await httpClient.post<HealResponse>(ApiRoutes.cityHeal(username), request)).data;
}

export async function fetchDepositStatus(username: string): Promise<DepositStatusResponse> {
  return (await httpClient.get<DepositStatusResponse>(ApiRoutes.depositStatus(username))).data;
}

export async function postDepositInit(username: string, request: DepositInitRequest): Promise<DepositInitResponse> {
  return (await httpClient.post<DepositInitResponse>(ApiRoutes.depositInit(username), request)).data;
}

export async function fetchDepositCheck(txId: string, username: string, amount: string): Promise<DepositCheckResponse> {
  return (await httpClient.get<DepositCheckResponse>(ApiRoutes.depositCheck(txId, username, amount))).data;
}

export async function fetchWithdrawStatus(username: string): Promise<WithdrawStatusResponse> {
  return (await httpClient.get<WithdrawStatusResponse>(ApiRoutes.withdrawStatus(username))).data;
}

export async function postWithdraw(username: string, request: WithdrawRequest): Promise<WithdrawResponse> {
  return (await httpClient.post<WithdrawResponse>(ApiRoutes.withdraw(username), request)).data;
}
