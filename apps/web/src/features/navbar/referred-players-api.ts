import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, type ReferredPlayersResponse } from '@runik/contract';
import { httpClient, responseData } from '../../api/http-client';

async function fetchReferredPlayers(hiveUsername: string): Promise<ReferredPlayersResponse> {
  // Any non-ok response is a failure (spec section 7); the modal shows its own message.
  return responseData(
    httpClient.get<ReferredPlayersResponse>(ApiRoutes.referredPlayers(hiveUsername)),
    () => 'Failed to fetch referred players',
  );
}

/** The players `hiveUsername` referred; fetched when the modal opens. */
export function useReferredPlayers(hiveUsername: string) {
  return useQuery({
    queryKey: ['referred-players', hiveUsername],
    queryFn: () => fetchReferredPlayers(hiveUsername),
  });
}
