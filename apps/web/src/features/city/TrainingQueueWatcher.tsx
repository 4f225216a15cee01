import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MilitaryBuildingKey } from '@runik/rules';
import { cityKeys } from '../../shared/query-keys';
import { useNow } from '../../shared/city-clock';
import { withoutFinishedTraining, type CityState } from './city-state';

/**
 * Drops a training queue entry once its completion time passes and refetches the city,
 * whose army then counts the new troops (spec section 4). Each completion refetches once,
 * even if the server's clock is a little behind and still reports the entry.
 */
export function TrainingQueueWatcher({ username, city }: { username: string; city: CityState }) {
  const now = useNow();
  const queryClient = useQueryClient();
  const refetchedFor = useRef(new Set<string>());
  const finished = (Object.entries(city.trainingQueue) as [MilitaryBuildingKey, { completionAt: number }][])
    .filter(([, entry]) => entry.completionAt <= now)
    .map(([key, entry]) => `${key}@${entry.completionAt}`)
    .join(',');

  useEffect(() => {
    if (!finished) return;
    const cityKey = cityKeys.city(username);
    queryClient.setQueryData<CityState>(cityKey, (current) => current && withoutFinishedTraining(current, Date.now()));
    if (refetchedFor.current.has(finished)) return;
    refetchedFor.current.add(finished);
    void queryClient.invalidateQueries({ queryKey: cityKey });
  }, [finished, username, queryClient]);

  return null;
}
