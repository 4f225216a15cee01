import { randomUUID } from 'node:crypto';
/** Node's request, HTTP/1 or HTTP/2: only its headers are read. */
type RawRequest = { headers: Record<string, string | string[] | undefined> };

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's own request id may look like to be kept: short, and safe in logs and headers. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request: the caller's `X-Request-Id` when it is a sane one (a proxy or client that
 * already tagged the request), else a new UUID. Fastify uses it as `request.id`, every line logged
 * while the request is handled carries it (request-logs.ts), and the api returns it in the `X-Request-Id` response header.
 */
export function requestIdFor(request: RawRequest): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
