import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CitadelMessages, type CitadelAttackResponse } from '@runik/contract';
import { cityKeys, citadelKeys } from '../../shared/query-keys';
import { toUserMessage } from '../../shared/errors';
import { postCitadelAttack } from './citadel-api';

/** An attack's outcome with the floor it was made on (the page may have moved on since). */
export interface CitadelAttackOutcome extends CitadelAttackResponse {
  floor: number;
}

/**
 * Attacking the boss of a floor: on success the outcome to show, and progress, floors, rewards
 * and the city reloaded (the boss lost hit points, troops died, a reward may have been paid);
 * on failure the spec's message (section 8), and the same reloads, since a refusal usually
 * means this page was behind (the boss fell to someone else).
 */
export function useCitadelAttack(username: string) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<CitadelAttackOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: citadelKeys.all }), queryClient.invalidateQueries({ queryKey: cityKeys.all })]);

  const mutation = useMutation({
    mutationFn: (floor: number) => postCitadelAttack(username, floor),
    onMutate: () => {
      setError(null);
      setOutcome(null);
    },
    onSuccess: (response, floor) => {
      setOutcome({ ...response, floor });
      void reload();
    },
    onError: (failure) => {
      setError(toUserMessage(failure, CitadelMessages.attackFailed));
      void reload();
    },
  });

  return {
    attack: (floor: number) => mutation.mutate(floor),
    attacking: mutation.isPending,
    outcome,
    error,
    /** Forgets the last outcome and error (on leaving the floor, or dismissing them). */
    clear: () => {
      setOutcome(null);
      setError(null);
    },
  };
}
