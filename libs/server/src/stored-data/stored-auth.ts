import { z } from 'zod';
import type { AuthenticatedSession } from '../auth/session.service';

/**
 * Decoders for what sign-in keeps in Redis as JSON. Both are short-lived (a challenge 5 minutes, a cached session
 * 15), but an entry written by the build before a deploy is read by the one after it.
 */

/** `session:{tokenHash}`: a session cached for the api. `tokenHash` came later: it is the entry's own key. */
const cachedSession = z.object({
  sessionId: z.number(),
  playerId: z.number(),
  hiveUsername: z.string(),
  expiresAt: z.string(),
  tokenHash: z.string().optional(),
});

/** `login-challenge:{challenge}`: whom a challenge was issued to, and when. */
const storedChallenge = z.object({ username: z.string(), timestamp: z.number() });
export type StoredChallenge = z.infer<typeof storedChallenge>;

function json(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The cached session, or null where the entry is not one this build can use (an entry older than `expiresAt`): then
 * the caller asks PostgreSQL, which is the record; the cache is only a shortcut.
 */
export function decodeCachedSession(raw: string, tokenHash: string): AuthenticatedSession | null {
  const decoded = cachedSession.safeParse(json(raw));
  return decoded.success ? { ...decoded.data, tokenHash: decoded.data.tokenHash ?? tokenHash } : null;
}

/** The stored challenge, or null where the entry is not one (then it was never a valid challenge: 401). */
export function decodeStoredChallenge(raw: string): StoredChallenge | null {
  const decoded = storedChallenge.safeParse(json(raw));
  return decoded.success ? decoded.data : null;
}
