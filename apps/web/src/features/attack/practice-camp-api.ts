import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRoutes, AttackMessages, type AttackResult, type PracticeCampResponse, type PracticeRaidResponse } from '@runik/contract';
import { cityKeys, attackKeys } from '../../shared/query-keys';
import { apiErrorMessage, axiosErrorOf, httpClient, responseData } from '../../api/http-client';
import { toArmyState } from './attack-state';

const campKey = (username: string) => [...attackKeys.all, 'practice-camp', username] as const;

/** The practice camp as it would face the player now (issue 35). */
export function usePracticeCamp(username: string) {
  return useQuery({
    queryKey: campKey(username),
    queryFn: () => responseData(httpClient.get<PracticeCampResponse>(ApiRoutes.practiceCamp(username))),
  });
}

/** Raiding the camp: the result to show, the army and the camp from the response, the city reloaded; on failure the attack's messages. */
export function usePracticeRaid(username: string) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<AttackResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => responseData(httpClient.post<PracticeRaidResponse>(ApiRoutes.practiceCampRaid(username), {})),
    onMutate: () => setError(null),
    onSuccess: async (response) => {
      // A refetch started before the raid would bring back the old charges.
      await queryClient.cancelQueries({ queryKey: attackKeys.all });
      queryClient.setQueryData(attackKeys.army(username), toArmyState(response.updatedPlayer, Date.now()));
      queryClient.setQueryData(campKey(username), response.camp);
      void queryClient.invalidateQueries({ queryKey: cityKeys.all });
      setResult(response.result);
    },
    onError: (failure) => {
      setError(axiosErrorOf(failure)?.response ? AttackMessages.attackFailed(apiErrorMessage(failure)) : AttackMessages.sendError);
      void queryClient.invalidateQueries({ queryKey: attackKeys.all });
    },
  });
  return {
    raid: () => mutation.mutate(),
    raiding: mutation.isPending,
    result,
    closeResult: () => setResult(null),
    error,
    clearError: () => setError(null),
  };
}
