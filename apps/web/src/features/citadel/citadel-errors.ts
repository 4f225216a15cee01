import { axiosErrorOf, serverErrorMessage } from '../../api/http-client';

/** Whether the call never got an answer (offline, DNS, CORS): the spec words those differently. */
export function isNetworkFailure(error: unknown): boolean {
  const sent = axiosErrorOf(error);
  return sent !== undefined && !sent.response;
}

/**
 * A failed call (spec section 8): no answer is `networkMessage`; an answer keeps the spec's
 * `failure` text and adds the server's reason when it gave one.
 */
export function failureMessage(error: unknown, failure: string, networkMessage: string): string {
  if (isNetworkFailure(error)) return networkMessage;
  const reason = serverErrorMessage(error);
  return reason ? `${failure}: ${reason}` : failure;
}

/** The 403 a floor above the global current floor answers (spec section 8, Access Denied). */
export function isFloorLocked(error: unknown): boolean {
  return axiosErrorOf(error)?.response?.status === 403;
}
