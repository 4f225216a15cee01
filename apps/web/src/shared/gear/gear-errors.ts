import { isAxiosError } from 'axios';
import { apiErrorMessage } from '../../api/http-client';

/**
 * The message for a failed gear or blacksmith call (spec section 8): no response at all is
 * `networkMessage`; otherwise the server's `{ error }`, else `fallback`.
 */
export function gearErrorMessage(error: unknown, fallback: string, networkMessage: string): string {
  if (isAxiosError(error) && !error.response) return networkMessage;
  return apiErrorMessage(error, fallback);
}
