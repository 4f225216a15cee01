import type { ChildProcess } from 'node:child_process';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import axios from 'axios';
import { ALLIANCE_CHANGED_EVENT, ApiRoutes, ErrorMessages, SOCKET_PATH } from '@runik/contract';
import type { NotificationDto } from '@runik/contract';
import { allianceRoom, SESSION_COOKIE, socketChannelKey } from '@runik/server';
import { apiClient, login } from '../support/api-client';
import { attack, joinSameAlliance, pastNewcomerShield, setArmy } from '../support/attack';
import type { CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { sendToken } from '../support/hive';
import { notificationsOf } from '../support/notifications';
import { disconnected, listen, Listener, newSocketPlayer, refusalOf } from '../support/push';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * Notifications pushed over Socket.IO (`/socket.io`): to the player's own sockets only, on whichever
 * api replica they are connected to, whichever process (api or worker) raised them; the handshake
 * needs a session (token, or the web app's cookie from a page of this site); the inbox is the truth
 * a client catches up from after missing pushes.
 */
let stack: Stack;
let secondApi: string;
const listeners: Listener[] = [];
beforeAll(async () => {
  stack = await startStack();
  secondApi = await stack.startApi();
}, 120_000);
afterEach(() => {
  for (const { socket } of listeners.splice(0)) socket.close();
});
afterAll(() => stack?.stop());

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A listener closed after the test. */
async function connect(apiUrl: string, token: string): Promise<Listener> {
  const listener = await listen(apiUrl, { token });
  listeners.push(listener);
  return listener;
}

/** A raider with an army strong enough to win. */
async function raider(prefix = 'praid'): Promise<CityPlayer> {
  const player = await newSocketPlayer(stack, prefix);
  await setArmy(stack, player, { infantry: 50, archers: 20, cavalries: 5 });
  return player;
}

/** The defender is first made older than the newcomer shield, so it may be raided. */
async function raid(attacker: CityPlayer, defender: CityPlayer): Promise<void> {
  await pastNewcomerShield(stack, defender);
  const response = await attack(attacker, defender.username);
  if (response.status !== 200) throw new Error(`attack: ${response.status} ${JSON.stringify(response.data)}`);
}

const attackedBy = (attacker: CityPlayer) => (notification: NotificationDto) =>
  notification.kind === 'attacked' && notification.data.attacker === attacker.username;

describe('push', () => {
  it('pushes a raid to the defender within 2 s, as the inbox lists it', async () => {
    const [attacker, defender] = await Promise.all([raider(), newSocketPlayer(stack, 'pdef')]);
    await setArmy(stack, defender, { infantry: 10 });
    const listener = await connect(stack.apiUrl, defender.token);

    const attackedAt = Date.now();
    await raid(attacker, defender);
    const { notification, at } = await listener.next(attackedBy(attacker), 2000);
    expect(at - attackedAt).toBeLessThanOrEqual(2000);
    const [listed] = await notificationsOf(defender, 'attacked');
    expect(notification).toEqual(listed);
    expect(listener.received).toHaveLength(1);
  });

  it('refuses a handshake without a session, with a bad or ended one', async () => {
    const player = await newSocketPlayer(stack, 'pref');
    expect(await refusalOf(stack.apiUrl, {})).toBe(ErrorMessages.sessionRequired);
    expect(await refusalOf(stack.apiUrl, { token: 'x'.repeat(43) })).toBe(ErrorMessages.sessionInvalid);
    expect(await refusalOf(stack.apiUrl, { token: 'not a token' })).toBe(ErrorMessages.sessionInvalid);
    expect(await refusalOf(stack.apiUrl, { token: { token: player.token } as unknown as string })).toBe(ErrorMessages.sessionInvalid);
    expect(await refusalOf(stack.apiUrl, { headers: { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}`, origin: stack.apiUrl } })).toBe(
      ErrorMessages.sessionInvalid,
    );

    expect((await player.api.post(ApiRoutes.logout)).status).toBe(200);
    expect(await refusalOf(stack.apiUrl, { token: player.token })).toBe(ErrorMessages.sessionInvalid);
  });

  it('disconnects the sockets of a session that logs out, on every api, and no other session’s', async () => {
    const player = await newSocketPlayer(stack, 'pout');
    const { token: otherSession } = await login(apiClient(stack.apiUrl), player.username);
    const [onFirst, onSecond, otherOnFirst] = await Promise.all([
      connect(stack.apiUrl, player.token),
      connect(secondApi, player.token),
      connect(stack.apiUrl, otherSession),
    ]);

    // Listening before the logout: the disconnects may arrive before its response does.
    const disconnects = Promise.all([disconnected(onFirst.socket), disconnected(onSecond.socket)]);
    expect((await player.api.post(ApiRoutes.logout)).status).toBe(200);
    expect(await disconnects).toEqual(['io server disconnect', 'io server disconnect']);
    await sleep(300);
    expect(otherOnFirst.socket.connected).toBe(true);
  });

  it('takes the web app’s session cookie only from a page of this site', async () => {
    const player = await newSocketPlayer(stack, 'pcook');
    const cookie = `${SESSION_COOKIE}=${player.token}`;
    const listener = await listen(stack.apiUrl, { headers: { cookie, origin: stack.apiUrl } });
    listeners.push(listener);
    expect(listener.socket.connected).toBe(true);

    expect(await refusalOf(stack.apiUrl, { headers: { cookie, origin: 'https://evil.example' } })).toBe(ErrorMessages.foreignOrigin);
    expect(await refusalOf(stack.apiUrl, { headers: { cookie, origin: 'null' } })).toBe(ErrorMessages.foreignOrigin);
    expect(await refusalOf(stack.apiUrl, { headers: { cookie } })).toBe(ErrorMessages.foreignOrigin);
    // A browser's same-origin long-polling request carries no Origin, but says where it comes from.
    const polling = await listen(stack.apiUrl, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    listeners.push(polling);
    expect(await refusalOf(stack.apiUrl, { headers: { cookie, 'sec-fetch-site': 'cross-site' } })).toBe(ErrorMessages.foreignOrigin);
    // The origin is scheme, host and port: the game's host and port over another scheme, or another port, is another origin.
    const { host, port } = new URL(stack.apiUrl);
    expect(await refusalOf(stack.apiUrl, { headers: { cookie, origin: `https://${host}` } })).toBe(ErrorMessages.foreignOrigin);
    expect(await refusalOf(stack.apiUrl, { headers: { cookie, origin: `http://localhost:${port}` } })).toBe(ErrorMessages.foreignOrigin);
    // Two session cookies (one planted beside the player's by another page of this host) are refused, as over HTTP.
    const planter = await newSocketPlayer(stack, 'pplant');
    for (const cookies of [`${cookie}; ${SESSION_COOKIE}=${planter.token}`, `${SESSION_COOKIE}=${planter.token}; ${cookie}`]) {
      expect(await refusalOf(stack.apiUrl, { headers: { cookie: cookies, origin: stack.apiUrl } })).toBe(ErrorMessages.twoSessionCookies);
    }
    // The transport's first answer clears the planted (partitioned) one, so the client's next connection carries one.
    const handshake = (cookies: string) =>
      axios.get(`${stack.apiUrl}${SOCKET_PATH}/?EIO=4&transport=polling`, { headers: { cookie: cookies, origin: stack.apiUrl } });
    const answered = await handshake(`${cookie}; ${SESSION_COOKIE}=${planter.token}`);
    expect(answered.status).toBe(200);
    expect(answered.headers['set-cookie']).toEqual([expect.stringMatching(/^__Host-runik_session=;.*; Partitioned/)]);
    expect((await handshake(cookie)).headers['set-cookie']).toBeUndefined();
  });

  it('never tells a player what happened to another', async () => {
    const [attacker, victim, bystander] = await Promise.all([raider(), newSocketPlayer(stack, 'pvic'), newSocketPlayer(stack, 'pbys')]);
    const [victimListener, bystanderListener] = await Promise.all([
      connect(stack.apiUrl, victim.token),
      connect(stack.apiUrl, bystander.token),
    ]);

    await raid(attacker, victim);
    await victimListener.next(attackedBy(attacker));
    await sleep(500);
    expect(bystanderListener.received).toEqual([]);
  });

  it('puts an alliance member’s sockets in the alliance’s room', async () => {
    const [member, otherMember, outsider] = await Promise.all([
      newSocketPlayer(stack, 'pmem'),
      newSocketPlayer(stack, 'pmem'),
      newSocketPlayer(stack, 'pout'),
    ]);
    await joinSameAlliance(stack, [member, otherMember]);
    const [{ alliance_id }] = await queryDatabase<{ alliance_id: string }>(
      stack.database.url,
      'SELECT alliance_id FROM alliance_members WHERE player_id = $1',
      [member.playerId],
    );
    const allianceId = Number(alliance_id);
    const sockets = await Promise.all([
      connect(stack.apiUrl, member.token),
      connect(secondApi, otherMember.token),
      connect(stack.apiUrl, outsider.token),
    ]);
    const heard = sockets.map(({ socket }) => new Promise<unknown>((resolve) => socket.once(ALLIANCE_CHANGED_EVENT, resolve)));

    // As NotificationPush.allianceChanged sends it when members come and go.
    const redis = new Redis(REDIS_URL);
    try {
      new Emitter(redis, { key: socketChannelKey({ REDIS_PREFIX: stack.redisPrefix }) })
        .to(allianceRoom(allianceId))
        .emit(ALLIANCE_CHANGED_EVENT, { allianceId });
      expect(await Promise.all(heard.slice(0, 2))).toEqual([{ allianceId }, { allianceId }]);
      expect(await Promise.race([heard[2], sleep(500).then(() => 'nothing')])).toBe('nothing');
    } finally {
      redis.disconnect();
    }
  });

  it('reaches a player on either api, whether an api or the worker raised the event', async () => {
    const [attacker, defender] = await Promise.all([raider(), newSocketPlayer(stack, 'ptwo')]);
    const [onFirst, onSecond] = await Promise.all([connect(stack.apiUrl, defender.token), connect(secondApi, defender.token)]);

    // Raised by the first api.
    await raid(attacker, defender);
    await Promise.all([onFirst.next(attackedBy(attacker), 2000), onSecond.next(attackedBy(attacker), 2000)]);

    // Raised by the worker: the chain follower credits an RNK transfer to the game account.
    const txId = await sendToken(stack.simUrl, defender.username, GAME_ACCOUNT, 'RNK', '1.500', 'deposit');
    const credited = (notification: NotificationDto) =>
      notification.kind === 'deposit-credited' && notification.data.transactionId === txId;
    const [first, second] = await Promise.all([onFirst.next(credited, 30_000), onSecond.next(credited, 30_000)]);
    expect(first.notification).toEqual(second.notification);
    expect(first.notification.data).toMatchObject({ amount: 1.5, transactionId: txId });
  });

  it('misses nothing a reconnecting client reads from the inbox', async () => {
    const defender = await newSocketPlayer(stack, 'precon');
    const raiders = await Promise.all([raider(), raider(), raider()]);
    const listener = await connect(stack.apiUrl, defender.token);
    listener.socket.close();

    for (const attacker of raiders) await raid(attacker, defender);
    const again = await connect(stack.apiUrl, defender.token);
    const listed = await notificationsOf(defender, 'attacked');
    expect(listed.map((notification) => notification.data.attacker).sort()).toEqual(raiders.map((attacker) => attacker.username).sort());
    expect(listener.received).toEqual([]);
    expect(again.received).toEqual([]);
  });

  // Last: it stops the first api.
  it('disconnects its sockets and exits 0 promptly on SIGTERM', async () => {
    const player = await newSocketPlayer(stack, 'pterm');
    const listener = await connect(stack.apiUrl, player.token);
    const api: ChildProcess = stack.processes().api;
    const exited = new Promise<number | null>((resolve) => api.once('exit', resolve));
    const signalledAt = Date.now();
    api.kill('SIGTERM');
    expect(await disconnected(listener.socket)).toMatch(/^(io server disconnect|transport close)$/);
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
  });
});
