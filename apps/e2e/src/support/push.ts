import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket as TcpSocket } from 'node:net';
import { io, Socket } from 'socket.io-client';
import { NOTIFICATION_EVENT, PAYMENT_SEEN_EVENT, SOCKET_PATH } from '@runik/contract';
import type { NotificationDto, PaymentSeenEvent } from '@runik/contract';
import { apiClient, registerFree } from './api-client';
import type { CityPlayer } from './city';
import { queryDatabase } from './database';
import { uniqueUsername } from './hive';
import type { Stack } from './stack';

/** A new player with a city, and the session token a client hands the socket. */
export async function newSocketPlayer(stack: Stack, prefix: string): Promise<CityPlayer & { token: string }> {
  const username = uniqueUsername(prefix);
  const { token } = await registerFree(apiClient(stack.apiUrl), username);
  const [{ id }] = await queryDatabase<{ id: string }>(stack.database.url, 'SELECT id FROM players WHERE hive_username = $1', [username]);
  return { username, playerId: Number(id), token, api: apiClient(stack.apiUrl, token) };
}

export interface HandshakeOptions {
  token?: string;
  /** A visitor's socket watching this payment (activation) instead of a session's. */
  payment?: string;
  /** Request headers of the handshake (cookie, origin), as a browser would send them. */
  headers?: Record<string, string>;
  /** The client's own address (another loopback address, e.g. 127.0.0.2, is another client to the api). */
  localAddress?: string;
  /** WebSocket (the default), or HTTP long polling only, as a client behind a proxy that refuses upgrades. */
  transport?: 'websocket' | 'polling';
}

/** A socket as the tests drive it: one transport (WebSocket unless asked), no reconnection, each its own connection. */
function openSocket(apiUrl: string, { token, payment, headers, localAddress, transport = 'websocket' }: HandshakeOptions): Socket {
  return io(apiUrl, {
    path: SOCKET_PATH,
    transports: [transport],
    reconnection: false,
    forceNew: true,
    auth: { ...(token === undefined ? {} : { token }), ...(payment === undefined ? {} : { payment }) },
    extraHeaders: headers,
    ...(localAddress ? { localAddress } : {}),
  });
}

/** A connected socket that records every notification it hears, with the time it arrived. */
export interface Listener {
  socket: Socket;
  received: { notification: NotificationDto; at: number }[];
  /** The payments this socket heard seen on chain (`payment-seen`), with the time each arrived. */
  seenPayments: { transactionId: string; at: number }[];
  /** Resolves with the first notification (from now on or already heard) that `match` accepts. */
  next(match: (notification: NotificationDto) => boolean, timeoutMs?: number): Promise<{ notification: NotificationDto; at: number }>;
}

/** Connects, or rejects with the server's refusal (the `connect_error` message). */
export function listen(apiUrl: string, options: HandshakeOptions): Promise<Listener> {
  const socket = openSocket(apiUrl, options);
  const received: Listener['received'] = [];
  const seenPayments: Listener['seenPayments'] = [];
  const waiters = new Set<() => void>();
  socket.on(PAYMENT_SEEN_EVENT, ({ transactionId }: PaymentSeenEvent) => seenPayments.push({ transactionId, at: Date.now() }));
  socket.on(NOTIFICATION_EVENT, (notification: NotificationDto) => {
    received.push({ notification, at: Date.now() });
    for (const wake of waiters) wake();
  });
  const next: Listener['next'] = (match, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = received.find(({ notification }) => match(notification));
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching notification within ${timeoutMs} ms (heard ${received.length})`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received, seenPayments, next }));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The message a refused handshake gets. */
export async function refusalOf(apiUrl: string, options: HandshakeOptions): Promise<string> {
  try {
    const { socket } = await listen(apiUrl, options);
    socket.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the handshake was accepted');
}

/** Resolves with the reason once the server (or anything else) disconnects the socket. */
export function disconnected(socket: Socket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve('already disconnected');
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/**
 * A bare WebSocket transport connection (engine.io), as a flood would open it: upgraded and then
 * silent (never joins), or refused with an HTTP answer.
 */
export function rawTransport(apiUrl: string, localAddress: string): Promise<{ socket: TcpSocket } | { status: number }> {
  const url = new URL(`${SOCKET_PATH}/?EIO=4&transport=websocket`, apiUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(url, {
      localAddress,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    request.on('upgrade', (_response, socket) => resolve({ socket }));
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.on('error', reject);
  });
}
