import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiRoutes, type QuestClaimResponse, type QuestsResponse } from '@runik/contract';
import type { QuestId } from '@runik/rules';
import { cityKeys, questKeys } from '../../../shared/query-keys';
import { httpClient, responseData } from '../../../api/http-client';
import { readAheadQuery, refetchUnlessReadAhead } from '../../../shared/read-ahead';

/** The player's daily quests and quest chain (`alsoShown`: a second view of them mounting does not read them again). */
export function useQuests(username: string, { alsoShown = false } = {}) {
  return useQuery({
    queryKey: questKeys.of(username),
    queryFn: () => fetchQuests(username),
    refetchOnMount: refetchUnlessReadAhead(!alsoShown),
  });
}

function fetchQuests(username: string): Promise<QuestsResponse> {
  return responseData(httpClient.get<QuestsResponse>(ApiRoutes.quests(username)));
}

/** The quests, read as the City opens, while its chunk loads (shared/read-ahead.ts). */
export function readQuestsAhead(queryClient: QueryClient, username: string): void {
  readAheadQuery(queryClient, { queryKey: questKeys.of(username), queryFn: () => fetchQuests(username) });
}

/** Claims a quest's reward: the quests come back with the answer, and the city (its resources and RUNIK) is read again. */
export function useClaimQuest(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questId: QuestId) => responseData(httpClient.post<QuestClaimResponse>(ApiRoutes.questClaim(username), { questId })),
    onSuccess: ({ claimed: _claimed, ...quests }) => {
      queryClient.setQueryData(questKeys.of(username), quests);
      void queryClient.invalidateQueries({ queryKey: cityKeys.all });
    },
  });
}
