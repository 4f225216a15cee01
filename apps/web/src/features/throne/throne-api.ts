import { skipToken, useQueries, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  ThroneMessages,
  type CommanderGearResponse,
  type NextThroneWarResponse,
  type ThroneActionResponse,
  type ThroneAttackResponse,
  type ThroneParticipantsResponse,
  type ThroneRallyCreateResponse,
  type ThroneRallyJoinRequest,
  type ThroneRallyRequest,
  type ThroneStatusResponse,
  type ThroneTroopsRequest,
  type ThroneTroopsResponse,
  type ThroneUserResponse,
  type ThroneVoteRequest,
  type ThroneVoteResponse,
} from '@runik/contract';
import { throneKeys } from '../../shared/query-keys';
import { httpClient, responseData } from '../../api/http-client';
import { THRONE_STATUS_REFRESH_MS } from './throne-clock';

/** A detail fetch whose failure is only logged (spec section 8): the page carries on without it. */
async function getLogged<Response>(url: string, failure: string): Promise<Response> {
  try {
    return await responseData(httpClient.get<Response>(url));
  } catch (error) {
    console.error(failure, error);
    throw error;
  }
}

/** The war and its phase, refreshed every 30 s (spec section 4). */
export function useThroneStatus() {
  return useQuery({
    queryKey: throneKeys.status,
    queryFn: () => responseData(httpClient.get<ThroneStatusResponse>(ApiRoutes.throneStatus)),
    refetchInterval: THRONE_STATUS_REFRESH_MS,
  });
}

/** The player's alliance and whether they lead it. */
export function useThroneUser(username: string) {
  return useQuery({
    queryKey: throneKeys.user(username),
    queryFn: () => responseData(httpClient.get<ThroneUserResponse>(ApiRoutes.throneUser(username))),
  });
}

/** The troops the player may still commit. */
export function useThroneTroops(username: string) {
  return useQuery({
    queryKey: throneKeys.troops(username),
    queryFn: () => responseData(httpClient.get<ThroneTroopsResponse>(ApiRoutes.throneTroops(username))),
  });
}

export function useNextWar() {
  return useQuery({
    queryKey: throneKeys.nextWar,
    queryFn: () => responseData(httpClient.get<NextThroneWarResponse>(ApiRoutes.throneNextVoting)),
  });
}

/** Who is in a rally with what; only the rally's own alliance may see it (others get 403). */
export function useRallyDetails(attackId: number) {
  return useQuery({
    queryKey: throneKeys.rallyDetails(attackId),
    queryFn: () => getLogged<ThroneParticipantsResponse>(ApiRoutes.throneRallyDetails(attackId), ThroneMessages.rallyDetailsFailed),
    retry: false,
  });
}

/** The garrison's participants; only the occupying alliance may see it. */
export function useGarrisonDetails(enabled: boolean) {
  return useQuery({
    queryKey: throneKeys.garrisonDetails,
    queryFn: enabled
      ? () => getLogged<ThroneParticipantsResponse>(ApiRoutes.throneGarrisonDetails, ThroneMessages.garrisonDetailsFailed)
      : skipToken,
    retry: false,
  });
}

const gearQuery = (username: string) => ({
  queryKey: throneKeys.gear(username),
  queryFn: () => responseData(httpClient.get<CommanderGearResponse>(ApiRoutes.attackGear(username))),
  retry: false,
});

/** A player's commander gear, for the power of the troops they commit. */
export function useCommanderGear(username: string) {
  return useQuery(gearQuery(username));
}

/** The commander gear of each player named, in order. */
export function useCommanderGears(usernames: readonly string[]) {
  return useQueries({ queries: usernames.map(gearQuery) });
}

// The calls behind the player's actions (spec section 7); every body names the player.

export const postVote = (body: ThroneVoteRequest) => responseData(httpClient.post<ThroneVoteResponse>(ApiRoutes.throneVote, body));
export const postSoloAttack = (body: ThroneTroopsRequest) =>
  responseData(httpClient.post<ThroneAttackResponse>(ApiRoutes.throneSoloAttack, body));
export const postGarrison = (body: ThroneTroopsRequest) =>
  responseData(httpClient.post<ThroneActionResponse>(ApiRoutes.throneGarrison, body));
export const postRecall = (body: ThroneTroopsRequest) => responseData(httpClient.post<ThroneActionResponse>(ApiRoutes.throneRecall, body));
export const postRallyCreate = (body: ThroneTroopsRequest) =>
  responseData(httpClient.post<ThroneRallyCreateResponse>(ApiRoutes.throneRallyCreate, body));
export const postRallyJoin = (body: ThroneRallyJoinRequest) =>
  responseData(httpClient.post<ThroneActionResponse>(ApiRoutes.throneRallyJoin, body));
export const postRallyWithdraw = (body: ThroneRallyRequest) =>
  responseData(httpClient.post<ThroneActionResponse>(ApiRoutes.throneRallyWithdraw, body));
export const postRallyDisband = (body: ThroneRallyRequest) =>
  responseData(httpClient.post<ThroneActionResponse>(ApiRoutes.throneRallyDisband, body));
