import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type QuestClaimResponse, type QuestsResponse } from '@runik/contract';
import type { QuestId } from '@runik/rules';
import { cityKeys, questKeys } from '../../../shared/query-keys';
import { httpClient, responseData } from '../../../api/http-client';

/** The player's daily quests and quest chain. */
export function useQuests(username: string) {
  return useQuery({
    queryKey: questKeys.of(username),
    queryFn: () => responseData(httpClient.get<QuestsResponse>(ApiRoutes.quests(username))),
  });
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
