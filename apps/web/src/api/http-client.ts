import axios, { isAxiosError } from 'axios';
import { UserFacingError } from '../shared/errors';
import { clearSession } from './session-storage';

/**
 * Calls go to the same origin (`/api/...`): the API serves this app, or Vite proxies it in dev. The
 * browser sends the HttpOnly session cookie with them; no script ever handles the token.
 */
export const httpClient = axios.create({ baseURL: '' });

// A 401 means the session is gone on the server: dropping it makes the route guard
// send the player to /authentication.
httpClient.interceptors.response.use(undefined, (error: unknown) => {
  if (isAxiosError(error) && error.response?.status === 401) clearSession();
  return Promise.reject(error);
});

/** The `{ error }` message the server sent with a failed response, if any. */
export function serverErrorMessage(error: unknown): string | null {
  if (!isAxiosError(error)) return null;
  const body: unknown = error.response?.data;
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  return typeof body.error === 'string' && body.error !== '' ? body.error : null;
}

/**
 * What to show for a failed call: the server's message when it sent one, else
 * `fallback`, else the spec's generic 'Network response was not ok ({status})'.
 */
export function apiErrorMessage(error: unknown, fallback?: string): string {
  const serverMessage = serverErrorMessage(error);
  if (serverMessage) return serverMessage;
  if (fallback) return fallback;
  const status = isAxiosError(error) ? error.response?.status : undefined;
  return status ? `Network response was not ok (${status})` : 'Network response was not ok';
}

/**
 * The body of a successful call; any failure becomes a UserFacingError whose
 * message `describeFailure` picks (the original error is kept as its cause).
 */
export async function responseData<T>(request: Promise<{ data: T }>, describeFailure: (error: unknown) => string): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    throw new UserFacingError(describeFailure(error), { cause: error });
  }
}
