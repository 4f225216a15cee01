import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type FirstStepsResponse } from '@runik/contract';
import { httpClient, responseData } from '../../api/http-client';

export const firstStepsKeys = {
  all: ['first-steps'] as const,
  progress: (username: string) => ['first-steps', username] as const,
};

/** The guide's own calls, which must not count as a player's action (see useRefetchAfterActions). */
export const FIRST_STEPS_MUTATION_KEY = ['first-steps'] as const;

async function fetchProgress(username: string): Promise<FirstStepsResponse> {
  return responseData(httpClient.get<FirstStepsResponse>(ApiRoutes.firstSteps(username)));
}

/** The player's progress on the guided path (kept on the server, so it follows the player between devices). */
export function useFirstSteps(username: string | null) {
  return useQuery({
    queryKey: firstStepsKeys.progress(username ?? ''),
    queryFn: username === null ? skipToken : () => fetchProgress(username),
    // A failed load only hides the guide: never retry it in the player's face.
    retry: false,
  });
}

/** A call of the guide that answers the new progress, which replaces the cached one. */
function useFirstStepsCall(username: string, route: (username: string) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: FIRST_STEPS_MUTATION_KEY,
    mutationFn: () => responseData(httpClient.post<FirstStepsResponse>(route(username))),
    onSuccess: (progress) => queryClient.setQueryData(firstStepsKeys.progress(username), progress),
  });
}

export function useSkipFirstSteps(username: string) {
  return useFirstStepsCall(username, ApiRoutes.firstStepsSkip);
}

export function useMarkAlliancesSeen(username: string) {
  return useFirstStepsCall(username, ApiRoutes.firstStepsSeenAlliances);
}
