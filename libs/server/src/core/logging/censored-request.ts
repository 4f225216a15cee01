import type { IncomingHttpHeaders } from 'node:http';

/** The request headers that carry a session (a bearer token, the session cookie): never written to a log line. */
const SECRET_HEADERS = ['authorization', 'cookie'] as const;
/** What stands in their place, as pino's `redact` writes it. */
export const CENSORED = '[Redacted]';

/**
 * pino-http's request serializer, after its own (whose answer it receives): the headers copied with the session's
 * secrets censored, in every line that carries a request (request-logs.ts). pino's `redact` did the same by cloning
 * along its paths, which cost about 3 % of the api's CPU on the city read when every request bound its serialized
 * request to a logger; this copies the headers only. The live request's headers are never touched.
 */
export function censoredRequest<Serialized extends { headers?: IncomingHttpHeaders }>(request: Serialized): Serialized {
  const headers = request.headers;
  if (!headers || !SECRET_HEADERS.some((name) => headers[name] !== undefined)) return request;
  const copy: IncomingHttpHeaders = { ...headers };
  for (const name of SECRET_HEADERS) if (copy[name] !== undefined) copy[name] = CENSORED;
  request.headers = copy;
  return request;
}

/** The secrets kept out of the api's request logs: the session's in the request (above), the one set in a response. */
export const CENSORED_SECRETS = {
  serializers: { req: censoredRequest },
  redact: ['res.headers["set-cookie"]'],
};
