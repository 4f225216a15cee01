import proxyAddr from '@fastify/proxy-addr';
import { normalizeIp } from '@nestjs/throttler';
import type Redis from 'ioredis';
import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../core/config/app-config';
import { forwardedScheme } from '../core/http/origin';
import { RedisThrottlerStorage } from '../rate-limit/redis-throttler-storage';

const MINUTE_MS = 60_000;
const THROTTLER = 'socket-handshake';

export type SocketLimitSettings = Pick<
  AppConfig,
  | 'TRUST_PROXY'
  | 'SOCKET_CONNECTIONS_PER_ADDRESS'
  | 'SOCKETS_PER_SESSION'
  | 'SOCKET_HANDSHAKES_PER_MINUTE_PER_ADDRESS'
  | 'SOCKET_HANDSHAKES_PER_MINUTE_PER_SESSION'
>;

/**
 * What one client may take of the Socket.IO gateway:
 * - transport connections (engine.io, authenticated or not) per client address, on this replica, so
 *   a flood from one address holds a bounded number of file descriptors and buffers;
 * - handshakes (Socket.IO connects, each a session lookup) per minute per address and per session,
 *   counted in Redis with the rate limits' storage so the limit holds across api replicas;
 * - sockets per session, on this replica.
 * The client address is the HTTP API's: X-Forwarded-For only from TRUST_PROXY.
 */
export class SocketLimits {
  private readonly storage: RedisThrottlerStorage;
  private readonly trust: (address: string, hop: number) => boolean;
  private readonly transportsByAddress = new Map<string, number>();
  private readonly socketsBySession = new Map<number, number>();

  constructor(
    redis: Redis,
    private readonly settings: SocketLimitSettings,
  ) {
    this.storage = new RedisThrottlerStorage(redis);
    this.trust = trustFunction(settings.TRUST_PROXY);
  }

  /** The client's address, as Fastify would give it for an HTTP request on the same connection. */
  addressOf(request: IncomingMessage): string {
    const addresses = proxyAddr.all(request, this.trust);
    return normalizeIp(addresses[addresses.length - 1] ?? '');
  }

  /**
   * The scheme the client used, as Fastify would give it for an HTTP request on the same connection:
   * X-Forwarded-Proto from a proxy TRUST_PROXY names, else the connection's own.
   */
  schemeOf(request: IncomingMessage): string {
    const forwarded =
      request.socket.remoteAddress && this.trust(request.socket.remoteAddress, 0)
        ? forwardedScheme(request.headers['x-forwarded-proto'])
        : undefined;
    return forwarded ?? ((request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
  }

  /**
   * Takes a transport connection's place for its address, or false when the address holds its share
   * on this replica already. The caller gives it back (releaseTransport) once, when the connection closes:
   * a method, not a closure per connection (issue 46: the api's memory per socket).
   */
  takeTransport(address: string): boolean {
    const open = this.transportsByAddress.get(address) ?? 0;
    if (open >= this.settings.SOCKET_CONNECTIONS_PER_ADDRESS) return false;
    this.transportsByAddress.set(address, open + 1);
    return true;
  }

  /** Gives back a place takeTransport gave; the caller calls it once per place. */
  releaseTransport(address: string): void {
    release(this.transportsByAddress, address);
  }

  /** Whether this address may try another handshake this minute (counts it). */
  async handshakeAllowedFromAddress(address: string): Promise<boolean> {
    const { isBlocked } = await this.storage.increment(
      `address:${address}`,
      MINUTE_MS,
      this.settings.SOCKET_HANDSHAKES_PER_MINUTE_PER_ADDRESS,
      MINUTE_MS,
      THROTTLER,
    );
    return !isBlocked;
  }

  /** Whether this session may open another socket this minute (counts it). */
  async handshakeAllowedForSession(sessionId: number): Promise<boolean> {
    const { isBlocked } = await this.storage.increment(
      `session:${sessionId}`,
      MINUTE_MS,
      this.settings.SOCKET_HANDSHAKES_PER_MINUTE_PER_SESSION,
      MINUTE_MS,
      THROTTLER,
    );
    return !isBlocked;
  }

  /**
   * Takes a socket's place for its session on this replica, or false when the session holds its share. Synchronous: no
   * race between check and take. The caller gives it back (releaseSessionSocket) once, when the socket disconnects.
   */
  takeSessionSocket(sessionId: number): boolean {
    const open = this.socketsBySession.get(sessionId) ?? 0;
    if (open >= this.settings.SOCKETS_PER_SESSION) return false;
    this.socketsBySession.set(sessionId, open + 1);
    return true;
  }

  /** Gives back a place takeSessionSocket gave; the caller calls it once per place. */
  releaseSessionSocket(sessionId: number): void {
    release(this.socketsBySession, sessionId);
  }
}

/** One place fewer taken under `key`; the entry goes with the last. */
function release<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/** TRUST_PROXY as Fastify reads it (true, false, or a comma-separated list for proxy-addr). */
function trustFunction(trust: boolean | string): (address: string, hop: number) => boolean {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  return proxyAddr.compile(trust.split(',').map((value) => value.trim()));
}
