/** A one-line explanation of a failed connection to a local service, instead of a stack trace. */
export function describeConnectionError(error: unknown, service: 'PostgreSQL' | 'Redis'): string {
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  const nested = (error as { errors?: unknown[] })?.errors?.[0];
  const err = (nested ?? error) as { code?: string; message?: string; address?: string; port?: number };
  const where = err.address ? ` at ${err.address}:${err.port}` : '';
  if (err.code === 'ECONNREFUSED') {
    return `Cannot reach ${service}${where}: connection refused. Is it running? (see README, "Services")`;
  }
  if (err.code === '3D000') {
    return `${service}: ${err.message}. Create it or point DATABASE_URL at an existing database.`;
  }
  return `${service} error: ${err.message ?? String(error)}`;
}
