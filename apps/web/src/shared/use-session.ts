import { useSyncExternalStore } from 'react';
import { getSession, subscribeToSession, type Session } from '../api/session-storage';

/** The current session (null when logged out); re-renders on login, logout and 401s. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession);
}
