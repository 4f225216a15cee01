import { useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  CitadelMessages,
  type CitadelAttackResponse,
  type CitadelRewardsResponse,
  type CitadelUserResponse,
  type FloorResponse,
} from '@runik/contract';
import { CITADEL_REWARD_HISTORY_LIMIT } from '@runik/rules';
import { citadelKeys } from '../../shared/query-keys';
import { httpClient, responseData, serverErrorMessage } from '../../api/http-client';
import { failureMessage, isFloorLocked } from './citadel-errors';
import { CitadelTexts } from './citadel-texts';

/** A floor as the screen sees it: its boss, or the Access Denied screen when it is not reached yet. */
export type FloorView = { locked: false; floor: FloorResponse } | { locked: true; message: string };

async function fetchProgress(username: string): Promise<CitadelUserResponse> {
  return responseData(httpClient.get<CitadelUserResponse>(ApiRoutes.citadelUser(username)), (error) =>
    failureMessage(error, CitadelMessages.failedProgress, CitadelMessages.networkError),
  );
}

async function fetchFloor(floor: number): Promise<FloorView> {
  try {
    const floorResponse = await responseData(httpClient.get<FloorResponse>(ApiRoutes.citadelFloor(floor)), (error) =>
      failureMessage(error, CitadelMessages.failedFloor, CitadelMessages.networkError),
    );
    return { locked: false, floor: floorResponse };
  } catch (error) {
    // A floor above the global current floor is an answer, not a failure: nothing to retry.
    if (isFloorLocked(error)) return { locked: true, message: serverErrorMessage(error) ?? CitadelMessages.floorLocked };
    throw error;
  }
}

async function fetchRewards(username: string): Promise<CitadelRewardsResponse> {
  return responseData(httpClient.get<CitadelRewardsResponse>(ApiRoutes.citadelRewards(username, CITADEL_REWARD_HISTORY_LIMIT)), (error) =>
    failureMessage(error, CitadelTexts.failedRewards, CitadelMessages.networkError),
  );
}

export function postCitadelAttack(hiveUsername: string, floor: number): Promise<CitadelAttackResponse> {
  return responseData(httpClient.post<CitadelAttackResponse>(ApiRoutes.citadelAttack, { hiveUsername, floor }), (error) =>
    failureMessage(error, CitadelMessages.attackFailed, CitadelMessages.networkAttack),
  );
}

/** The player's citadel progress: current floor, today's attacks, army, totals. */
export function useCitadelProgress(username: string) {
  return useQuery({ queryKey: citadelKeys.progress(username), queryFn: () => fetchProgress(username) });
}

/** One floor's boss and ranking, or Access Denied. */
export function useCitadelFloor(floor: number) {
  return useQuery({ queryKey: citadelKeys.floor(floor), queryFn: () => fetchFloor(floor) });
}

/** The reward history, fetched afresh each time the modal opens. */
export function useRewardHistory(username: string) {
  return useQuery({ queryKey: citadelKeys.rewards(username), queryFn: () => fetchRewards(username), gcTime: 0 });
}
