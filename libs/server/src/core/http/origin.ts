/** What a request says about where it was sent from, and to. */
export interface RequestSource {
  /** The Origin header, if any. */
  origin: string | undefined;
  /** Sec-Fetch-Site, which browsers set on every request and pages cannot. */
  secFetchSite: string | undefined;
  /** The scheme the client used: `http` or `https`. */
  scheme: string;
  /** The Host header the request was sent with (never X-Forwarded-Host). */
  host: string | undefined;
}

/** A Host header: a name or an IPv4 address, or an IPv6 one in brackets, and a port. */
const HOST_HEADER = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin a request was sent to (`scheme://host[:port]`, a default port dropped), or undefined when its
 * Host is missing or unparsable.
 */
export function originOfRequest(scheme: string, host: string | undefined): string | undefined {
  if (!host || !HOST_HEADER.test(host) || (scheme !== 'http' && scheme !== 'https')) return undefined;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** Whether an Origin header names exactly the origin a request was sent to: scheme, host and port. "null" or garbage never does. */
export function isSameOrigin(origin: string, scheme: string, host: string | undefined): boolean {
  const expected = originOfRequest(scheme, host);
  if (expected === undefined) return false;
  try {
    return new URL(origin).origin === expected;
  } catch {
    return false;
  }
}

/**
 * Whether a browser sent this request from a page of another origin: its Origin names another, or (a
 * request without Origin) Sec-Fetch-Site says it came from another site or another origin of this site
 * (`cross-site`, `same-site`). A request with neither header came from no browser's page (a script, curl).
 */
export function isForeignRequest({ origin, secFetchSite, scheme, host }: RequestSource): boolean {
  if (origin !== undefined) return !isSameOrigin(origin, scheme, host);
  return secFetchSite === 'cross-site' || secFetchSite === 'same-site';
}

/** The scheme a proxy's X-Forwarded-Proto names (its last entry: the nearest proxy's), if it names one. */
export function forwardedScheme(header: string | string[] | undefined): string | undefined {
  const last = [header ?? []]
    .flat()
    .join(',')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .pop();
  return last === 'http' || last === 'https' ? last : undefined;
}
