import { createContext, useContext } from 'react';

/** Whether the live connection is up (LiveConnection provides it). */
export const LiveStatusContext = createContext(false);

/** Whether pushes arrive as they happen: the live connection is up. */
export function useLiveConnected(): boolean {
  return useContext(LiveStatusContext);
}

/**
 * A refetchInterval for data other players change: none while the live connection is up (its pushes
 * reload what they change), `ms` while it is down, as the fallback.
 */
export function useLivePollInterval(ms: number): number | false {
  return useLiveConnected() ? false : ms;
}
