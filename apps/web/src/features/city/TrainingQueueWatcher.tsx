import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cityKeys, trainedTroopsKeys } from '../../shared/query-keys';
import { useNow } from '../../shared/city-clock';
import { useRefreshWhenDue } from '../../shared/due-refresh';
import { withoutFinishedTraining, type CityState } from './city-state';

/**
 * Drops a training queue entry once its completion time passes, and refetches what the new troops change (the
 * city's army, and the Attack and Throne screens' though the player has left the City by then: spec section 4).
 */
export function TrainingQueueWatcher({ username, city }: { username: string; city: CityState }) {
  const now = useNow();
  const queryClient = useQueryClient();
  const entries = Object.values(city.trainingQueue) as { completionAt: number }[];
  const finished = entries
    .filter((entry) => entry.completionAt <= now)
    .map((entry) => entry.completionAt)
    .join(',');
  useRefreshWhenDue(
    entries.map((entry) => entry.completionAt),
    trainedTroopsKeys(username),
  );

  useEffect(() => {
    if (!finished) return;
    queryClient.setQueryData<CityState>(cityKeys.city(username), (current) => current && withoutFinishedTraining(current, Date.now()));
  }, [finished, username, queryClient]);

  return null;
}
