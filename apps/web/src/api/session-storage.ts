import type { SessionResponse } from '@runik/contract';

/**
 * What the page keeps of a login: whose it is and until when. The token itself stays in the
 * HttpOnly session cookie the server set, out of reach of any script on the page.
 */
export type Session = Pick<SessionResponse, 'hiveUsername' | 'expiresAt'>;

export const SESSION_STORAGE_KEY = 'runik.session';

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const { hiveUsername, expiresAt } = JSON.parse(raw) as Partial<Session>;
    if (typeof hiveUsername !== 'string' || typeof expiresAt !== 'string') return null;
    // An expired session would only earn a 401 later: treat it as logged out now.
    if (!(Date.parse(expiresAt) > Date.now())) return null;
    return { hiveUsername, expiresAt };
  } catch {
    return null;
  }
}

/**
 * The stored session, or null. localStorage is the single source of truth; the
 * parsed value is cached per raw string so React sees a stable snapshot.
 */
export function getSession(): Session | null {
  const raw = localStorage.getItem(SESSION_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(raw);
  }
  return cachedSession;
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function saveSession({ hiveUsername, expiresAt }: Session): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ hiveUsername, expiresAt }));
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  notify();
}

/** Subscribes to session changes, including logins and logouts in other tabs. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
