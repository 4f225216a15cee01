import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** The queries read ahead of their screen and not yet shown by it (each query client's own: a test's does not leak). */
const readAhead = new WeakSet<object>();

/**
 * Starts a screen's first read while its chunk is still loading (issue 50: the City read nothing until its chunk had
 * arrived, then read, then rendered). The screen's query, mounting later, shows this read instead of starting
 * another one (`refetchUnlessReadAhead`).
 */
export function readAheadQuery<T>(queryClient: QueryClient, options: FetchQueryOptions<T> & { queryKey: QueryKey }): void {
  void queryClient.prefetchQuery(options);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query) readAhead.add(query);
}

/**
 * A query's `refetchOnMount`: `otherwise`, except on the first mount after a read ahead that would read (that read
 * is this one's). A view that never reads on mount (`otherwise` false) leaves the read ahead to the one that does.
 */
export function refetchUnlessReadAhead(otherwise: boolean): (query: object) => boolean {
  return (query) => otherwise && !readAhead.delete(query);
}
