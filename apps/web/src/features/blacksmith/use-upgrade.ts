import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpgradeRequest } from '@runik/contract';
import { cityKeys, gearKeys } from '../../shared/query-keys';
import { postUpgrade } from './blacksmith-api';

/**
 * The upgrade: afterwards the player's gears are reloaded before it counts as done (spec
 * section 4). The rest is refreshed too: the history grew, and an equipped target changes
 * the slots and, for mayor gear, the city's production. Previews are left alone: the one on
 * screen names materials that are gone now.
 */
export function useUpgrade(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpgradeRequest) => postUpgrade(username, body),
    onSettled: async () => {
      for (const queryKey of [
        gearKeys.history(username),
        gearKeys.equipped(username),
        gearKeys.available(username),
        cityKeys.city(username),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      await queryClient.invalidateQueries({ queryKey: gearKeys.owned(username) });
    },
  });
}
