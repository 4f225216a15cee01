import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, type QuestClaimResponse, type QuestsResponse } from '@runik/contract';
import type { QuestId } from '@runik/rules';
import { httpClient } from '../../api/http-client';
import { cityKeys } from '../city/city-api';

export const questKeys = {
  all: ['quests'] as const,
  of: (username: string) => ['quests', username] as const,
};

/** The player's daily quests and quest chain. */
export function useQuests(username: string) {
  return useQuery({
    queryKey: questKeys.of(username),
    queryFn: async () => (await httpClient.get<QuestsResponse>(ApiRoutes.quests(username))).data,
  });
}

/** Claims a quest's reward: the quests come back with the answer, and the city (its resources and RUNIK) is read again. */
export function useClaimQuest(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questId: QuestId) => (await httpClient.post<QuestClaimResponse>(ApiRoutes.questClaim(username), { questId })).data,
    onSuccess: ({ claimed: _claimed, ...quests }) => {
      queryClient.setQueryData(questKeys.of(username), quests);
      void queryClient.invalidateQueries({ queryKey: cityKeys.all });
    },
  });
}
