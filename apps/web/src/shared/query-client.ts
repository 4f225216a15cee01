import { QueryClient } from '@tanstack/react-query';
import { axiosErrorOf } from '../api/http-client';

const MAX_RETRIES = 2;

/** Retrying a 4xx repeats a refusal; network errors and 5xx may pass on a second try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = axiosErrorOf(error)?.response?.status;
  const isClientError = status !== undefined && status >= 400 && status < 500;
  return !isClientError && failureCount < MAX_RETRIES;
}

/** Server state refreshes when the tab becomes visible again and when the connection returns (spec section 4). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: shouldRetry,
      },
    },
  });
}
