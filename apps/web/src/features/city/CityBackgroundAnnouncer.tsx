import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CityConstantsResponse } from '@runik/contract';
import type { MilitaryBuildingKey } from '@runik/rules';
import { announceInBackground, useBackgroundNotifications } from '../../shared/background-notify';
import { cityKeys } from '../../shared/query-keys';
import type { CityState } from './city-state';

/** One thing the city's clock will bring, announced when its instant comes. */
interface Due {
  at: number;
  text: string;
}

/** What the city read last says will happen: each training's end, and the next harvest. */
function dueOf(city: CityState, constants: CityConstantsResponse | undefined): Map<string, Due> {
  const due = new Map<string, Due>();
  for (const [building, entry] of Object.entries(city.trainingQueue) as [MilitaryBuildingKey, { completionAt: number; count: number }][]) {
    const info = constants?.militaryBuildings.find((candidate) => candidate.key === building);
    const troops = info ? `${entry.count} ${info.unit}` : `${entry.count} troops`;
    const where = info ? ` in ${info.name}` : '';
    due.set(`training-${building}-${entry.completionAt}`, { at: entry.completionAt, text: `Training done: ${troops} ready${where}.` });
  }
  if (city.nextHarvestAt !== null)
    due.set(`harvest-${city.nextHarvestAt}`, { at: city.nextHarvestAt, text: 'Harvest ready: your city can harvest again.' });
  return due;
}

/**
 * A query's data as the cache holds it, without observing the query: an observer of its own would lend the query its
 * options (no way to load), and keep it from being dropped.
 */
function useCachedData<T>(queryKey: QueryKey): T | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  return useSyncExternalStore(subscribe, () => queryClient.getQueryData<T>(queryKey));
}

/**
 * Announces a training done and a harvest ready while the tab is in the background (shared/background-notify), on
 * whichever screen the player left it: it reads the city as the City screen last loaded it, and loads nothing
 * itself. A timer once set is kept when the City screen drops the finished entry from its data at that instant;
 * one whose thing is gone before its time (a training sped up) is cleared.
 */
export function CityBackgroundAnnouncer({ username }: { username: string }) {
  const city = useCachedData<CityState>(cityKeys.city(username));
  const constants = useCachedData<CityConstantsResponse>(cityKeys.constants);
  const timers = useRef(new Map<string, { at: number; timer: ReturnType<typeof setTimeout> }>());
  // Nothing to time for a player who did not turn the notifications on.
  const on = useBackgroundNotifications().state === 'on';

  useEffect(() => {
    if (!city || !on) return;
    const due = dueOf(city, constants);
    const now = Date.now();
    for (const [key, { at, timer }] of timers.current) {
      if (!due.has(key) && at > now + 1000) {
        clearTimeout(timer);
        timers.current.delete(key);
      }
    }
    for (const [key, { at, text }] of due) {
      if (at <= now || timers.current.has(key)) continue;
      const timer = setTimeout(
        () => {
          timers.current.delete(key);
          announceInBackground(text, key);
        },
        Math.min(at - now, 2 ** 31 - 1),
      );
      timers.current.set(key, { at, timer });
    }
  }, [city, constants, on]);

  useEffect(() => {
    const scheduled = timers.current;
    return () => {
      for (const { timer } of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
    };
  }, [username]);

  return null;
}
