import axios, { isAxiosError, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { ErrorMessages } from '@runik/contract';
import { toUserMessage, UserFacingError } from '../shared/errors';
import { clearSession } from './session-storage';

/**
 * Calls go to the same origin (`/api/...`): the API serves this app, or Vite proxies it in dev. The
 * browser sends the HttpOnly session cookie with them; no script ever handles the token.
 */
export const httpClient = axios.create({ baseURL: '' });

type SentConfig = InternalAxiosRequestConfig & { sentAgain?: boolean };

// A 401 means the session is gone on the server: dropping it makes the route guard
// send the player to /authentication. But for two session cookies (a page on another port of this
// host planted one beside the player's): the server refused the call before doing anything and
// cleared the planted cookie, so it goes once more with the player's own (docs/decisions.md).
httpClient.interceptors.response.use(undefined, (error: unknown) => {
  if (isAxiosError(error) && error.response?.status === 401) {
    const config = error.config as SentConfig | undefined;
    if (config && !config.sentAgain && serverErrorMessage(error) === ErrorMessages.twoSessionCookies) {
      return httpClient.request({ ...config, sentAgain: true } as SentConfig);
    }
    clearSession();
  }
  return Promise.reject(error);
});

/** The axios error behind a failure, also when a call wrapped it as the cause (responseData does). */
export function axiosErrorOf(error: unknown): AxiosError | undefined {
  if (isAxiosError(error)) return error;
  return error instanceof Error ? axiosErrorOf(error.cause) : undefined;
}

/** The `{ error }` message the server sent with a failed response, if any. */
export function serverErrorMessage(error: unknown): string | null {
  const body: unknown = axiosErrorOf(error)?.response?.data;
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
  const status = axiosErrorOf(error)?.response?.status;
  return status ? `Network response was not ok (${status})` : 'Network response was not ok';
}

/**
 * What to show for a failed action whose steps are calls and checks made here (Keychain, a refusal before any
 * call): a call's failure says the server's message, else `fallback`; any other its player-facing message, else `fallback`.
 */
export function actionErrorMessage(error: unknown, fallback: string): string {
  return axiosErrorOf(error) ? apiErrorMessage(error, fallback) : toUserMessage(error, fallback);
}

/**
 * The body of a successful call, the one way the features read one; any failure becomes a UserFacingError
 * whose message `describeFailure` picks (by default the server's, else the status line), the original error
 * kept as its cause (axiosErrorOf finds it).
 */
export async function responseData<T>(
  request: Promise<{ data: T }>,
  describeFailure: (error: unknown) => string = (error) => apiErrorMessage(error),
): Promise<T> {
  try {
    return (await request).data;
  } catch (error) {
    throw new UserFacingError(describeFailure(error), { cause: error });
  }
}
