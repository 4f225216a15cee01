/**
 * Whether an error means a service the api depends on (PostgreSQL, Redis) is out of reach, rather than
 * a fault of the request or of the code: refused, reset or timed-out connections, a server shutting
 * down or refusing connections for now, ioredis giving up on a command while disconnected
 * or after its command timeout.
 */
export function isOutage(error: unknown): boolean {
  const candidate = error as { code?: unknown; name?: unknown; message?: unknown; driverError?: { code?: unknown } } | null;
  if (!candidate || typeof candidate !== 'object') return false;
  const code = String(candidate.code ?? candidate.driverError?.code ?? '');
  if (NETWORK_CODES.has(code) || code.startsWith('08') || POSTGRES_UNAVAILABLE.has(code)) return true;
  if (candidate.name === 'MaxRetriesPerRequestError') return true;
  return OUTAGE_MESSAGES.test(String(candidate.message ?? ''));
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections (08xxx is connection_exception). */
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg and ioredis say when a connection is gone or cannot be had. */
const OUTAGE_MESSAGES =
  /Connection terminated|Connection is closed|timeout exceeded when trying to connect|connection error|Stream isn't writeable|Command timed out/i;
