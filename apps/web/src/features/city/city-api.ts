import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
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
import { cityKeys } from '../../shared/query-keys';
import { readAheadQuery, refetchUnlessReadAhead } from '../../shared/read-ahead';
import { httpClient, responseData } from '../../api/http-client';
import { toCityState, type CityState } from './city-state';

async function fetchCityConstants(): Promise<CityConstantsResponse> {
  return responseData(httpClient.get<CityConstantsResponse>(ApiRoutes.cityConstants));
}

async function fetchCity(username: string): Promise<CityState> {
  return toCityState(await responseData(httpClient.get<CityResponse>(ApiRoutes.cityResources(username))), Date.now());
}

const cityConstantsQuery = { queryKey: cityKeys.constants, queryFn: fetchCityConstants, staleTime: Infinity, gcTime: Infinity };

/** Names, units and unlocks: they change only with a release. */
export function useCityConstants() {
  return useQuery(cityConstantsQuery);
}

/**
 * The City screen's first reads (the constants and the city), started by the router as the screen opens, while its
 * chunk loads (shared/read-ahead.ts).
 */
export function readCityAhead(queryClient: QueryClient, username: string): void {
  void queryClient.prefetchQuery(cityConstantsQuery);
  readAheadQuery(queryClient, { queryKey: cityKeys.city(username), queryFn: () => fetchCity(username) });
}

/**
 * The player's city; reloaded when the tab becomes visible again and when the connection returns (spec section 4).
 * A part of the screen that shows the city the screen already read passes `{ alsoShown: true }`: its mounting does
 * not read it again.
 */
export function useCity(username: string | null, { alsoShown = false } = {}) {
  return useQuery({
    queryKey: cityKeys.city(username ?? ''),
    queryFn: username === null ? skipToken : () => fetchCity(username),
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchOnMount: refetchUnlessReadAhead(!alsoShown),
  });
}

// The calls behind the player's actions (spec section 7).

export async function postUpgrade(username: string, buildingKey: string): Promise<UpgradeResponse> {
  return responseData(httpClient.post<UpgradeResponse>(ApiRoutes.cityUpgrade(username, buildingKey)));
}

export async function postHarvest(username: string): Promise<HarvestResponse> {
  return responseData(httpClient.post<HarvestResponse>(ApiRoutes.cityHarvest(username)));
}

export async function postConvert(username: string, request: ConvertRequest & { preview: true }): Promise<ConvertPreviewResponse>;
export async function postConvert(username: string, request: ConvertRequest): Promise<ConvertResponse>;
export async function postConvert(username: string, request: ConvertRequest): Promise<ConvertPreviewResponse | ConvertResponse> {
  return responseData(httpClient.post<ConvertResponse>(ApiRoutes.cityConvert(username), request));
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
  return responseData(httpClient.post<ConvertToResourcesResponse>(ApiRoutes.cityConvertToResources(username), request));
}

export async function postTrain(username: string, request: TrainRequest): Promise<TrainResponse> {
  return responseData(httpClient.post<TrainResponse>(ApiRoutes.cityTrain(username), request));
}

export async function postSpeedup(username: string, building: MilitaryBuildingKey, minutes: number): Promise<SpeedupResponse> {
  return responseData(httpClient.post<SpeedupResponse>(ApiRoutes.citySpeedup(username, building), { minutes }));
}

export async function postHeal(username: string, request: HealRequest): Promise<HealResponse> {
  return responseData(httpClient.post<HealResponse>(ApiRoutes.cityHeal(username), request));
}

export async function fetchDepositStatus(username: string): Promise<DepositStatusResponse> {
  return responseData(httpClient.get<DepositStatusResponse>(ApiRoutes.depositStatus(username)));
}

export async function postDepositInit(username: string, request: DepositInitRequest): Promise<DepositInitResponse> {
  return responseData(httpClient.post<DepositInitResponse>(ApiRoutes.depositInit(username), request));
}

export async function fetchDepositCheck(txId: string, username: string, amount: string): Promise<DepositCheckResponse> {
  return responseData(httpClient.get<DepositCheckResponse>(ApiRoutes.depositCheck(txId, username, amount)));
}

export async function fetchWithdrawStatus(username: string): Promise<WithdrawStatusResponse> {
  return responseData(httpClient.get<WithdrawStatusResponse>(ApiRoutes.withdrawStatus(username)));
}

export async function postWithdraw(username: string, request: WithdrawRequest): Promise<WithdrawResponse> {
  return responseData(httpClient.post<WithdrawResponse>(ApiRoutes.withdraw(username), request));
}
