import axios from 'axios';
import http from 'node:http';
import { ApiRoutes, ErrorMessages, SOCKET_PATH } from '@runik/contract';
import { SESSION_COOKIE } from '@runik/server';
import type { NotificationDto } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { attack, pastNewcomerShield, setArmy } from '../support/attack';
import type { CityPlayer } from '../support/city';
import { startNginx, Nginx } from '../support/nginx';
import { listen, Listener, newSocketPlayer, rawTransport, refusalOf } from '../support/push';
import { startStack, Stack } from '../support/stack';

/**
 * docker/nginx.conf in front of two api replicas, as production runs it (support/nginx.ts names what nginx 1.22
 * cannot run: `resolve`). Clients come from several loopback addresses, each a client of its own to nginx.
 */
const CONNECTIONS_PER_ADDRESS = 50;
let stack: Stack;
let replicas: string[];
let nginx: Nginx;
const listeners: Listener[] = [];
beforeAll(async () => {
  // Sockets that never join stay open here: nginx's limit is what the test reaches.
  // The api behind nginx (on loopback) takes each client's address from nginx's X-Forwarded-For.
  stack = await startStack({ extraEnv: { SOCKET_AUTH_TIMEOUT_MS: '120000', TRUST_PROXY: 'loopback' } });
  replicas = [stack.apiUrl, await stack.startApi()];
  nginx = await startNginx(replicas);
}, 120_000);
afterAll(async () => {
  for (const { socket } of listeners) socket.close();
  await nginx?.stop();
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const portOf = (url: string) => new URL(url).port;

/** Which replica (its port) nginx sent each client address's /socket.io/ requests to, from its access log. */
function socketUpstreams(): Map<string, Set<string>> {
  const byAddress = new Map<string, Set<string>>();
  for (const line of nginx.accessLog().filter((text) => text.includes(`${SOCKET_PATH}/`))) {
    const [address] = line.split(' ');
    const upstream = /upstream=[\d.]+:(\d+)/.exec(line)?.[1];
    if (upstream) byAddress.set(address, (byAddress.get(address) ?? new Set()).add(upstream));
  }
  return byAddress;
}

/** A polling handshake (engine.io's first request) from that address, through nginx. */
async function pollingHandshake(localAddress: string): Promise<number> {
  const response = await axios.get(`${nginx.url}${SOCKET_PATH}/?EIO=4&transport=polling`, {
    httpAgent: new http.Agent({ localAddress } as http.AgentOptions),
    validateStatus: () => true,
  });
  return response.status;
}

async function raidedThrough(apiUrl: string, defender: CityPlayer): Promise<string> {
  const attacker = await newSocketPlayer(stack, 'ngatk');
  await setArmy(stack, attacker, { infantry: 50, archers: 20, cavalries: 5 });
  await pastNewcomerShield(stack, defender);
  const response = await attack({ ...attacker, api: apiClient(apiUrl, attacker.token) }, defender.username);
  expect(response.status).toBe(200);
  return attacker.username;
}
const attackedBy = (username: string) => (notification: NotificationDto) =>
  notification.kind === 'attacked' && notification.data.attacker === username;

describe('nginx in front of two api replicas', () => {
  it('sends the security headers with the files it serves, and proxies /api but not /metrics', async () => {
    const page = await axios.get(`${nginx.url}/city`);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain('https://api.hive-engine.com');
    expect(page.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await axios.get(`${nginx.url}/api/health/ready`)).status).toBe(200);
    expect((await axios.get(`${nginx.url}/metrics`, { validateStatus: () => true })).status).toBe(404);
  });

  it("serves the installable app's service worker and manifest revalidated, the CSP allowing the worker", async () => {
    for (const [path, type] of [
      ['/sw.js', /^application\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const response = await axios.get(`${nginx.url}${path}`, { responseType: 'text' });
      expect({ path, status: response.status, cacheControl: response.headers['cache-control'] }).toEqual({
        path,
        status: 200,
        cacheControl: 'no-cache',
      });
      expect(response.headers['content-type']).toMatch(type);
      expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    }
  });

  it("checks a state-changing call's Origin against the scheme the player used: https when the TLS terminator in front says so", async () => {
    const player = await newSocketPlayer(stack, 'ngorg');
    const api = apiClient(nginx.url, player.token);
    const markRead = ApiRoutes.notificationsRead(player.username);
    const { host } = new URL(nginx.url);
    const statusWith = async (headers: Record<string, string>) => (await api.post(markRead, { all: true }, { headers })).status;
    // Straight to nginx over http: nginx's own scheme.
    expect(await statusWith({ Origin: nginx.url })).toBe(200);
    expect(await statusWith({ Origin: `https://${host}` })).toBe(403);
    // Behind a TLS terminator (X-Forwarded-Proto: https): the page's origin is https.
    expect(await statusWith({ Origin: `https://${host}`, 'X-Forwarded-Proto': 'https' })).toBe(200);
    expect(await statusWith({ Origin: nginx.url, 'X-Forwarded-Proto': 'https' })).toBe(403);
    // The web app's socket too: its cookie counts from a page of the https origin.
    const cookie = `${SESSION_COOKIE}=${player.token}`;
    const socket = await listen(nginx.url, { headers: { cookie, origin: `https://${host}`, 'x-forwarded-proto': 'https' } });
    listeners.push(socket);
    expect(socket.socket.connected).toBe(true);
    expect(await refusalOf(nginx.url, { headers: { cookie, origin: nginx.url, 'x-forwarded-proto': 'https' } })).toBe(
      ErrorMessages.foreignOrigin,
    );
  });

  it('keeps each client address on one replica, upgrades WebSockets, and a push sent through one replica reaches a socket held by the other', async () => {
    // Sixteen addresses: the consistent hash sends some to each replica (all to one: 1 chance in 32,768).
    const addresses = Array.from({ length: 16 }, (_, index) => `127.0.0.${index + 2}`);
    for (let round = 0; round < 3; round++) for (const address of addresses) expect(await pollingHandshake(address)).toBe(200);
    const upstreams = socketUpstreams();
    for (const address of addresses) expect([address, upstreams.get(address)?.size]).toEqual([address, 1]);
    const heldBy = (replica: string) => addresses.find((address) => upstreams.get(address)?.has(portOf(replica)));
    const [onFirst, onSecond] = [heldBy(replicas[0]), heldBy(replicas[1])];
    expect(onFirst && onSecond).toBeTruthy();

    // A long-polling socket held by the first replica, a WebSocket held by the second; each raided through the other replica.
    const [polled, upgraded] = await Promise.all([newSocketPlayer(stack, 'ngpoll'), newSocketPlayer(stack, 'ngws')]);
    const pollingListener = await listen(nginx.url, { token: polled.token, localAddress: onFirst, transport: 'polling' });
    const websocketListener = await listen(nginx.url, { token: upgraded.token, localAddress: onSecond });
    listeners.push(pollingListener, websocketListener);
    expect(pollingListener.socket.io.engine.transport.name).toBe('polling');
    expect(websocketListener.socket.io.engine.transport.name).toBe('websocket');

    const pollingRaider = await raidedThrough(replicas[1], polled);
    const websocketRaider = await raidedThrough(replicas[0], upgraded);
    await pollingListener.next(attackedBy(pollingRaider), 10_000);
    await websocketListener.next(attackedBy(websocketRaider), 10_000);
    // Every polling request of that client went to the one replica that knows its session.
    expect(socketUpstreams().get(onFirst ?? '')).toEqual(new Set([portOf(replicas[0])]));
  });

  it('refuses a client address its 51st open Socket.IO connection (limit_conn), and takes one again once another closes', async () => {
    const address = '127.0.0.40';
    const open: import('node:net').Socket[] = [];
    // Paced under limit_req's 10 a second, so the connection limit is the one reached.
    for (let connection = 0; connection < CONNECTIONS_PER_ADDRESS; connection++) {
      const result = await rawTransport(nginx.url, address);
      expect('socket' in result).toBe(true);
      if ('socket' in result) open.push(result.socket);
      await sleep(125);
    }
    expect(await rawTransport(nginx.url, address)).toEqual({ status: 429 });
    expect(nginx.errorLog()).toContain('limiting connections by zone "socket_connections"');
    // Another address has a budget of its own.
    const other = await rawTransport(nginx.url, '127.0.0.41');
    expect('socket' in other).toBe(true);
    if ('socket' in other) other.socket.destroy();

    open.pop()?.destroy();
    await sleep(500);
    const again = await rawTransport(nginx.url, address);
    expect('socket' in again).toBe(true);
    if ('socket' in again) open.push(again.socket);
    for (const socket of open) socket.destroy();
  }, 60_000);
});
