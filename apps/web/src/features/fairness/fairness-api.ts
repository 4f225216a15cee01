import { ApiRoutes, type FairnessResponse, type RotateSeedRequest, type RotateSeedResponse } from '@runik/contract';
import { httpClient, responseData } from '../../api/http-client';

export const fairnessKey = (username: string) => ['fairness', username] as const;

export function fetchFairness(username: string): Promise<FairnessResponse> {
  return responseData(httpClient.get<FairnessResponse>(ApiRoutes.fairness(username)));
}

export function postRotate(username: string, request: RotateSeedRequest): Promise<RotateSeedResponse> {
  return responseData(httpClient.post<RotateSeedResponse>(ApiRoutes.fairnessRotate(username), request));
}
