import { Emitter } from '@socket.io/redis-emitter';
import axios from 'axios';
import Redis from 'ioredis';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApiRoutes, ErrorMessages, NOTIFICATION_EVENT, SOCKET_PATH } from '@runik/contract';
import { playerRoom, socketChannelKey } from '@runik/server';
import { apiClient, registerFree } from '../support/api-client';
import { uniqueUsername } from '../support/hive';
import { disconnected, HandshakeOptions, listen, Listener, newSocketPlayer, rawTransport, refusalOf } from '../support/push';
import { startStack, Stack } from '../support/stack';

/**
 * What one client may take of the Socket.IO gateway (docs/decisions.md, "Socket limits"). Each test
 * is a client of its own address: the api sees a connection from 127.0.0.N as client 127.0.0.N.
 */
const CONNECTIONS_PER_ADDRESS = 10;
const AUTH_TIMEOUT_MS = 2000;
const SOCKETS_PER_SESSION = 3;
let stack: Stack;
const listeners: Listener[] = [];
beforeAll(async () => {
  stack = await startStack({
    extraEnv: {
      SOCKET_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS_PER_ADDRESS),
      SOCKET_AUTH_TIMEOUT_MS: String(AUTH_TIMEOUT_MS),
      SOCKETS_PER_SESSION: String(SOCKETS_PER_SESSION),
    },
  });
}, 120_000);
afterEach(() => {
  for (const { socket } of listeners.splice(0)) socket.close();
});
afterAll(() => stack?.stop());

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connect(apiUrl: string, options: HandshakeOptions): Promise<Listener> {
  const listener = await listen(apiUrl, options);
  listeners.push(listener);
  return listener;
}

function residentMemoryBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0]) * 1024;
}

async function pushTo(playerId: number, payload: object): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    new Emitter(redis, { key: socketChannelKey({ REDIS_PREFIX: stack.redisPrefix }) })
      .to(playerRoom(playerId))
      .emit(NOTIFICATION_EVENT, payload);
  } finally {
    // QUIT after the PUBLISH: the emitter does not wait for it.
    await redis.quit();
  }
}

describe('socket limits', () => {
  it('caps the transport connections of one address (count and memory), while players on other addresses connect and hear pushes', async () => {
    const apiPid = stack.processes().api.pid as number;
    const memoryBefore = residentMemoryBytes(apiPid);
    const flood = await Promise.all(Array.from({ length: 400 }, () => rawTransport(stack.apiUrl, '127.0.0.1')));
    const open = flood.filter((result) => 'socket' in result);
    const refused = flood.filter((result) => 'status' in result);
    try {
      expect(open.length).toBeLessThanOrEqual(CONNECTIONS_PER_ADDRESS);
      expect(open.length).toBeGreaterThan(0);
      expect(refused.length).toBe(flood.length - open.length);
      // Refused before the upgrade, with an HTTP error.
      for (const result of refused) expect('status' in result && result.status >= 400 && result.status < 500).toBe(true);
      // A player elsewhere connects and hears a push while the flood holds its share.
      const player = await newSocketPlayer(stack, 'sock');
      const listener = await connect(stack.apiUrl, { token: player.token, localAddress: '127.0.0.2' });
      const heard = new Promise((resolve) => listener.socket.once(NOTIFICATION_EVENT, resolve));
      await pushTo(player.playerId, { id: 1, kind: 'test' });
      expect(await heard).toEqual({ id: 1, kind: 'test' });
      // 400 attempts held no more than their share of the api's memory (about 10 KB a connection when kept).
      expect(residentMemoryBytes(apiPid) - memoryBefore).toBeLessThan(40 * 1024 * 1024);
    } finally {
      for (const result of open) if ('socket' in result) result.socket.destroy();
    }
    // Closed connections give their places back.
    await sleep(300);
    expect(
      'socket' in (await rawTransport(stack.apiUrl, '127.0.0.1').then((result) => ('socket' in result && result.socket.destroy(), result))),
    ).toBe(true);
  });

  it('closes a connection that has not authenticated within SOCKET_AUTH_TIMEOUT_MS', async () => {
    const started = Date.now();
    const result = await rawTransport(stack.apiUrl, '127.0.0.3');
    if (!('socket' in result)) throw new Error(`refused: ${result.status}`);
    result.socket.resume();
    await new Promise((resolve) => result.socket.once('close', resolve));
    const openMs = Date.now() - started;
    expect(openMs).toBeGreaterThanOrEqual(AUTH_TIMEOUT_MS - 200);
    expect(openMs).toBeLessThan(AUTH_TIMEOUT_MS + 3000);
  });

  it('takes SOCKETS_PER_SESSION sockets of one session, and one more once one closes', async () => {
    const player = await newSocketPlayer(stack, 'sess');
    const sockets = [];
    for (let i = 0; i < SOCKETS_PER_SESSION; i += 1)
      sockets.push(await connect(stack.apiUrl, { token: player.token, localAddress: `127.0.0.${4 + i}` }));
    expect(await refusalOf(stack.apiUrl, { token: player.token, localAddress: '127.0.0.9' })).toBe(ErrorMessages.tooManySockets);
    sockets[0].socket.close();
    await sleep(300);
    await connect(stack.apiUrl, { token: player.token, localAddress: '127.0.0.9' });
  });

  it('disconnects a socket after logout, and at its session’s expiry', async () => {
    const player = await newSocketPlayer(stack, 'out');
    const { socket } = await connect(stack.apiUrl, { token: player.token, localAddress: '127.0.0.10' });
    const ended = disconnected(socket);
    expect((await player.api.post(ApiRoutes.logout)).status).toBe(200);
    expect(await ended).toBe('io server disconnect');

    // Sessions of 3 s on an api of their own.
    const shortLived = await stack.startApi({ SESSION_TTL_HOURS: String(3 / 3600) });
    const username = uniqueUsername('exp');
    const { token } = await registerFree(apiClient(shortLived), username);
    const started = Date.now();
    const listener = await connect(shortLived, { token, localAddress: '127.0.0.11' });
    expect(await disconnected(listener.socket, 6000)).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(4500);
    expect(await refusalOf(shortLived, { token, localAddress: '127.0.0.11' })).toBe(ErrorMessages.sessionInvalid);
  });

  it('limits handshakes per minute per address and per session, counted in Redis across replicas', async () => {
    const limited = await stack.startApi({ SOCKET_HANDSHAKES_PER_MINUTE_PER_ADDRESS: '5', SOCKET_HANDSHAKES_PER_MINUTE_PER_SESSION: '3' });
    const player = await newSocketPlayer(stack, 'rate');
    // Per address: made-up tokens, each a session lookup, then even a good one is refused.
    for (let i = 0; i < 5; i += 1) {
      expect(await refusalOf(limited, { token: randomBytes(32).toString('base64url'), localAddress: '127.0.0.12' })).toBe(
        ErrorMessages.sessionInvalid,
      );
    }
    expect(await refusalOf(limited, { token: player.token, localAddress: '127.0.0.12' })).toBe(ErrorMessages.tooManyRequests);
    // Per session, from any address, on either api (the count is one in Redis).
    for (let i = 0; i < 3; i += 1) {
      const listener = await listen(i % 2 === 0 ? limited : stack.apiUrl, { token: player.token, localAddress: `127.0.0.${13 + i}` });
      listener.socket.close();
    }
    expect(await refusalOf(limited, { token: player.token, localAddress: '127.0.0.16' })).toBe(ErrorMessages.tooManyRequests);
  });

  it('sends the API’s security headers with Socket.IO’s answers', async () => {
    const response = await axios.get(`${stack.apiUrl}${SOCKET_PATH}/?EIO=4&transport=polling`, {
      httpAgent: new http.Agent({ localAddress: '127.0.0.17' } as http.AgentOptions),
      validateStatus: () => true,
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
