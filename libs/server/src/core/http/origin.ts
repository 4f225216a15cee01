/** The host:port an Origin header names (to compare with the request's Host); undefined for "null" or anything unparsable. */
export function hostOfOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
