import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** How long after a known finish the server is asked: its clock may be a little behind the browser's. */
export const DUE_GRACE_MS = 1_000;
/** setTimeout's longest delay (about 24.8 days); a later instant is scheduled again when a screen reads it anew. */
const MAX_DELAY_MS = 2 ** 31 - 1;

interface Schedule {
  /** Instant and keys (as JSON) of the refreshes still waiting. */
  pending: Set<string>;
  /** Those already done: an instant past due, read again from a server a little behind, refreshes once. */
  done: Set<string>;
}

const schedules = new WeakMap<QueryClient, Schedule>();

function scheduleOf(queryClient: QueryClient): Schedule {
  let schedule = schedules.get(queryClient);
  if (!schedule) {
    schedule = { pending: new Set(), done: new Set() };
    schedules.set(queryClient, schedule);
  }
  return schedule;
}

/**
 * Refreshes `queryKeys` when a timed thing finishes at `dueAt` (ms since the epoch; at once when already past):
 * the screens showing them refetch, the others' data is marked stale and reloads when a screen shows it. The
 * timer belongs to the query client, not to the screen that read the instant: a training read on the City
 * refreshes the Attack screen's army when it finishes, whichever screen the player is on by then. Once per
 * instant and keys, however often asked.
 */
export function refreshWhenDue(queryClient: QueryClient, dueAt: number, queryKeys: readonly QueryKey[]): void {
  const schedule = scheduleOf(queryClient);
  const id = JSON.stringify([dueAt, queryKeys]);
  if (schedule.pending.has(id) || schedule.done.has(id)) return;
  schedule.pending.add(id);
  const delay = Math.min(Math.max(dueAt + DUE_GRACE_MS - Date.now(), 0), MAX_DELAY_MS);
  setTimeout(() => {
    schedule.pending.delete(id);
    if (Date.now() < dueAt) return;
    schedule.done.add(id);
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  }, delay);
}

/** refreshWhenDue for each instant a screen's data names (null: none), while the screen shows it. */
export function useRefreshWhenDue(dueAt: readonly (number | null)[], queryKeys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const request = JSON.stringify([dueAt, queryKeys]);
  useEffect(() => {
    const [instants, keys] = JSON.parse(request) as [(number | null)[], QueryKey[]];
    for (const instant of instants) if (instant !== null) refreshWhenDue(queryClient, instant, keys);
  }, [queryClient, request]);
}
