import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, type ReferredPlayersResponse } from '@runik/contract';
import { httpClient } from '../../api/http-client';

async function fetchReferredPlayers(hiveUsername: string): Promise<ReferredPlayersResponse> {
  try {
    const { data } = await httpClient.get<ReferredPlayersResponse>(ApiRoutes.referredPlayers(hiveUsername));
    return data;
  } catch (error) {
    // Any non-ok response is a failure (spec section 7); the modal shows its own message.
    throw new Error('Failed to fetch referred players', { cause: error });
  }
}

/** The players `hiveUsername` referred; fetched when the modal opens. */
export function useReferredPlayers(hiveUsername: string) {
  return useQuery({
    queryKey: ['referred-players', hiveUsername],
    queryFn: () => fetchReferredPlayers(hiveUsername),
  });
}
