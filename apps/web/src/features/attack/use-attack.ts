import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AttackMessages, type AttackResult, type EnemiesResponse } from '@runik/contract';
import { cityKeys, attackKeys } from '../../shared/query-keys';
import { apiErrorMessage, axiosErrorOf } from '../../api/http-client';
import { postAttack } from './attack-api';
import { lockAfterAttack, toArmyState, withCooldown, withUpdatedEnemies } from './attack-state';

/** The 429 body's cooldownUntil, when the refusal was the enemy's cooldown (spec section 7). */
function enemyCooldownUntil(error: unknown): string | null {
  const response = axiosErrorOf(error)?.response;
  if (response?.status !== 429) return null;
  const body: unknown = response.data;
  if (typeof body !== 'object' || body === null || !('cooldownUntil' in body)) return null;
  return typeof body.cooldownUntil === 'string' && Number.isFinite(Date.parse(body.cooldownUntil)) ? body.cooldownUntil : null;
}

/**
 * Attacking an enemy: on success the battle result to show, the army and the enemy taken
 * from the response, and the city reloaded (resources and troops changed); on failure the
 * spec's message (section 8).
 */
export function useAttack(username: string) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<AttackResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const updateEnemyPages = (update: (page: EnemiesResponse) => EnemiesResponse) =>
    queryClient.setQueriesData<EnemiesResponse>({ queryKey: attackKeys.enemies(username) }, (page) => page && update(page));

  const mutation = useMutation({
    mutationFn: (enemy: string) => postAttack(username, enemy),
    onMutate: () => setError(null),
    onSuccess: async (response, enemy) => {
      // A refetch started before the battle would bring back the old charges and cooldowns.
      await queryClient.cancelQueries({ queryKey: attackKeys.all });
      const now = Date.now();
      queryClient.setQueryData(attackKeys.army(username), toArmyState(response.updatedPlayer, now));
      updateEnemyPages((page) => lockAfterAttack(withUpdatedEnemies(page, response.updatedEnemies), enemy, now));
      void queryClient.invalidateQueries({ queryKey: cityKeys.all });
      setResult(response.result);
    },
    onError: (failure, enemy) => {
      // No response at all: the attack may not have reached the server.
      if (!axiosErrorOf(failure)?.response) {
        setError(AttackMessages.sendError);
        return;
      }
      setError(AttackMessages.attackFailed(apiErrorMessage(failure)));
      const cooldownUntil = enemyCooldownUntil(failure);
      if (cooldownUntil) {
        updateEnemyPages((page) => withCooldown(page, enemy, cooldownUntil));
        return;
      }
      // The server refused on state this page may not have seen (charges spent in another tab).
      void queryClient.invalidateQueries({ queryKey: attackKeys.all });
    },
  });

  return {
    attack: (enemy: string) => mutation.mutate(enemy),
    /** The enemy being attacked, while the request is under way. */
    attacking: mutation.isPending ? mutation.variables : null,
    result,
    closeResult: () => setResult(null),
    error,
    clearError: () => setError(null),
  };
}
