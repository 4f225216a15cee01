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
import { useRefreshWhenDue } from '../../shared/due-refresh';
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

/**
 * The instants at which the war's phase or its throne changes by the clock: voting opens or closes, the battle
 * starts or ends, full control is reached, a rally marches (epoch ms); those past at `nowMs` and unreadable ones left out.
 */
export function throneDueInstants(war: ThroneStatusResponse['throneWars'], nowMs: number): number[] {
  if (!war) return [];
  const instants = [war.votingPhase.opensAt, war.votingPhase.closesAt, war.battlePhase.startTime, war.battlePhase.endsAt];
  if (war.currentOccupier && !war.currentOccupier.fullControlMet) instants.push(war.currentOccupier.fullControlAt);
  for (const rally of war.activeAttacks) instants.push(rally.rallyLaunchTime);
  return instants.map((iso) => (iso === null ? NaN : Date.parse(iso))).filter((ms) => Number.isFinite(ms) && ms > nowMs);
}

/**
 * The war and its phase, refreshed every 30 s (spec section 4), and at each instant its phase changes by the
 * clock (issue 45: a screen is never stale), so a countdown reaching zero shows the next phase at once. A screen
 * showing only the phase's timing (the City's "What's next") passes `{ poll: false }`: the instants are enough.
 */
export function useThroneStatus({ poll = true } = {}) {
  const status = useQuery({
    queryKey: throneKeys.status,
    queryFn: () => responseData(httpClient.get<ThroneStatusResponse>(ApiRoutes.throneStatus)),
    refetchInterval: poll ? THRONE_STATUS_REFRESH_MS : false,
  });
  useRefreshWhenDue(throneDueInstants(status.data?.throneWars ?? null, Date.now()), [throneKeys.status, throneKeys.nextWar]);
  return status;
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

/** The next war's day and voting; when its voting opens, the war's status and this are read again. */
export function useNextWar() {
  const next = useQuery({
    queryKey: throneKeys.nextWar,
    queryFn: () => responseData(httpClient.get<NextThroneWarResponse>(ApiRoutes.throneNextVoting)),
  });
  const opensAt = next.data ? Date.parse(next.data.votingStartsAt) : NaN;
  useRefreshWhenDue([opensAt > Date.now() ? opensAt : null], [throneKeys.status, throneKeys.nextWar]);
  return next;
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
