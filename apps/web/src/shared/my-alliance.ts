import { skipToken, useQuery } from '@tanstack/react-query';
import { ApiRoutes, type MyAllianceResponse } from '@runik/contract';
import { httpClient, responseData } from '../api/http-client';
import { allianceKeys } from './query-keys';

async function fetchMyAlliance(username: string) {
  return (await responseData(httpClient.get<MyAllianceResponse>(ApiRoutes.allianceMy(username)))).alliance;
}

/** The player's alliance, or null without one: the alliance screen's, and the chat's (whose button shows only in one). */
export function useMyAlliance(username: string | null) {
  return useQuery({
    queryKey: allianceKeys.my(username ?? ''),
    queryFn: username === null ? skipToken : () => fetchMyAlliance(username),
  });
}
