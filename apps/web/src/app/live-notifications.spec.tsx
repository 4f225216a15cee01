import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ALLIANCE_CHANGED_EVENT, ApiRoutes, AppRoutes, NOTIFICATION_EVENT, SOCKET_PATH, type NotificationDto } from '@runik/contract';
import { advance, cityResponse, openCity, settle } from '../testing/city-fixtures';
import { installFakeApi, responder } from '../testing/fake-api';
import { currentSocket, openedSockets } from '../testing/fake-socket';
import { logInAs } from '../testing/fixtures';
import { notificationOf, notificationsPage, serveUnreadCount } from '../testing/notification-fixtures';
import { renderApp } from '../testing/render';
import { TOAST_HIDE_MS } from '../ui/Toasts';
import { MY_ALLIANCE_URL, openAlliance } from '../testing/alliance-fixtures';
import {
  AVAILABLE,
  commanderGear,
  nextWar,
  profile,
  statusResponse,
  STATUS_URL,
  TROOPS_URL,
  war,
} from '../features/throne/throne-fixtures';
import { THRONE_STATUS_REFRESH_MS } from '../features/throne/throne-clock';
import { UNREAD_FALLBACK_POLL_MS } from '../features/notifications/notifications-api';

const PLAYER = 'alice';
const UNREAD_URL = ApiRoutes.notifications(PLAYER, { limit: 1 });
const NO_TROOPS = { infantry: 0, archers: 0, cavalry: 0 };

const raid = () =>
  notificationOf('attacked', {
    battleId: 9,
    attacker: 'bob',
    winner: 'attacker',
    dead: { ...NO_TROOPS, infantry: 2 },
    injured: NO_TROOPS,
    loot: { wheat: 5, lumber: 0, stone: 0, ore: 0 },
  });
const votingOpened = () =>
  notificationOf('throne-voting-opened', { warId: 1, warDate: '2026-05-02', votingClosesAt: '2026-05-01T18:00:00.000Z' });

const toasts = () => screen.queryAllByTestId('toast');

describe('the live connection', () => {
  it('is not opened for a visitor', () => {
    renderApp(AppRoutes.authentication);
    expect(openedSockets).toHaveLength(0);
  });

  it('is opened once after login, on the API origin with the session cookie, and closed on logout', async () => {
    logInAs(PLAYER);
    const { user } = await openCity(cityResponse());
    expect(openedSockets).toHaveLength(1);
    expect(currentSocket().options).toEqual(
      expect.objectContaining({ path: SOCKET_PATH, withCredentials: true, transports: ['websocket', 'polling'] }),
    );
    currentSocket().acceptConnection();

    await user.click(screen.getByRole('button', { name: PLAYER }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('button', { name: 'Game Links' });
    expect(currentSocket().closed).toBe(true);
    expect(openedSockets).toHaveLength(1);
  });

  it('reloads the notifications on every (re)connection, so a push lost meanwhile is caught up', async () => {
    const api = serveUnreadCount(installFakeApi(), PLAYER, 0).on('GET', ApiRoutes.notifications(PLAYER), responder(notificationsPage([])));
    logInAs(PLAYER);
    renderApp(AppRoutes.inbox);
    await screen.findByText('No notifications yet.');
    const bellLoads = api.callsTo(UNREAD_URL).length;

    serveUnreadCount(api, PLAYER, 1);
    currentSocket().acceptConnection();
    expect(await screen.findByRole('link', { name: 'Inbox: 1 unread notification' })).toBeInTheDocument();

    currentSocket().dropConnection();
    serveUnreadCount(api, PLAYER, 3);
    currentSocket().acceptConnection();
    expect(await screen.findByRole('link', { name: 'Inbox: 3 unread notifications' })).toBeInTheDocument();
    expect(api.callsTo(UNREAD_URL).length).toBe(bellLoads + 2);
  });

  it("re-reads the screen's data after a drop, not on the first connection: what a lost push changed is caught up", async () => {
    const { api } = await openCity(cityResponse());
    const cityLoads = () => api.callsTo(ApiRoutes.cityResources(PLAYER)).length;
    const before = cityLoads();
    currentSocket().acceptConnection();
    await settle();
    expect(cityLoads()).toBe(before);

    currentSocket().dropConnection();
    currentSocket().acceptConnection();
    await vi.waitFor(() => expect(cityLoads()).toBe(before + 1), { timeout: 5_000 });
  });
});

describe('a pushed notification', () => {
  beforeEach(() => logInAs(PLAYER));

  async function openConnectedInbox() {
    const api = installFakeApi().on('GET', ApiRoutes.notifications(PLAYER), responder(notificationsPage([])));
    serveUnreadCount(api, PLAYER, 0);
    const rendered = renderApp(AppRoutes.inbox);
    await screen.findByText('No notifications yet.');
    currentSocket().acceptConnection();
    return { api, ...rendered };
  }

  it('shows a short toast, announced politely, which the player can dismiss', async () => {
    const { api, user } = await openConnectedInbox();
    const pushed = raid();
    api.on('GET', ApiRoutes.notifications(PLAYER), responder(notificationsPage([pushed], { unreadCount: 1 })));
    serveUnreadCount(api, PLAYER, 1);

    currentSocket().serverEmits(NOTIFICATION_EVENT, pushed);
    expect(screen.getByTestId('toast-stack')).toHaveAttribute('aria-live', 'polite');
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toHaveTextContent('bob raided your city');
    // The inbox and the bell reload with it.
    expect(await screen.findByText(/^bob raided your city: you lost 2 infantry; they took 5.00 wheat\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inbox: 1 unread notification' })).toBeInTheDocument();

    await user.click(within(toasts()[0]).getByRole('button', { name: 'Dismiss' }));
    expect(toasts()).toHaveLength(0);
  });

  it('of a kind this build does not know (a newer server) gets a generic toast and inbox line, with no link', async () => {
    const { api } = await openConnectedInbox();
    const pushed = { ...votingOpened(), kind: 'season-ended', data: { season: 3 } } as unknown as NotificationDto;
    api.on('GET', ApiRoutes.notifications(PLAYER), responder(notificationsPage([pushed], { unreadCount: 1 })));

    currentSocket().serverEmits(NOTIFICATION_EVENT, pushed);
    expect(toasts().map((toast) => toast.textContent)).toEqual(['Something happened in your realm×']);
    const item = await screen.findByTestId('notification');
    expect(item).toHaveTextContent('Something happened in your realm.');
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
  });

  it('hides its toast by itself after a while', async () => {
    await openConnectedInbox();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    currentSocket().serverEmits(NOTIFICATION_EVENT, votingOpened());
    currentSocket().serverEmits(NOTIFICATION_EVENT, raid());
    expect(toasts().map((toast) => toast.textContent)).toEqual(['Throne War voting is open×', 'bob raided your city×']);

    await advance(TOAST_HIDE_MS - 1);
    expect(toasts()).toHaveLength(2);
    await advance(1);
    expect(toasts()).toHaveLength(0);
  });

  it('reloads what it changed: a raid reloads the city, a throne phase does not', async () => {
    const { api } = await openCity(cityResponse());
    currentSocket().acceptConnection();
    const cityLoads = () => api.callsTo(ApiRoutes.cityResources(PLAYER)).length;
    const before = cityLoads();

    currentSocket().serverEmits(NOTIFICATION_EVENT, votingOpened());
    currentSocket().serverEmits(NOTIFICATION_EVENT, raid());
    await vi.waitFor(() => expect(cityLoads()).toBe(before + 1), { timeout: 5_000 });
  });

  it('reloads the alliance when its members change', async () => {
    const { api } = await openAlliance(null);
    currentSocket().acceptConnection();
    const loads = api.callsTo(MY_ALLIANCE_URL).length;

    currentSocket().serverEmits(ALLIANCE_CHANGED_EVENT, { allianceId: 3 });
    await vi.waitFor(() => expect(api.callsTo(MY_ALLIANCE_URL)).toHaveLength(loads + 1), { timeout: 5_000 });
  });
});

describe('polling as the fallback', () => {
  it('asks for the unread count on a timer only while the live connection is down; the throne keeps its 30 s refresh', async () => {
    const api = installFakeApi()
      .on('GET', STATUS_URL, responder(statusResponse(war())))
      .on('GET', ApiRoutes.throneUser(PLAYER), responder(profile()))
      .on('GET', TROOPS_URL, responder({ available: AVAILABLE }))
      .on('GET', ApiRoutes.throneNextVoting, responder(nextWar()))
      .on('GET', ApiRoutes.attackGear(PLAYER), responder(commanderGear(PLAYER)));
    serveUnreadCount(api, PLAYER, 0);
    logInAs(PLAYER);
    vi.useFakeTimers();
    renderApp(AppRoutes.thronewars);
    for (let step = 0; step < 3; step++) await advance(1);
    const statusLoads = () => api.callsTo(STATUS_URL).length;
    const bellLoads = () => api.callsTo(UNREAD_URL).length;

    // Disconnected: the timers run.
    let status = statusLoads();
    await advance(THRONE_STATUS_REFRESH_MS);
    expect(statusLoads()).toBe(status + 1);

    // Connected: pushes keep the bell fresh; the throne status, which changes with every player's
    // battles (pushed only to the alliances involved), still refreshes every 30 s as the spec says.
    currentSocket().acceptConnection();
    await advance(1);
    status = statusLoads();
    const bell = bellLoads();
    await advance(UNREAD_FALLBACK_POLL_MS * 2);
    expect(statusLoads()).toBeGreaterThan(status);
    expect(bellLoads()).toBe(bell);

    // Down again: the bell's timer takes over.
    currentSocket().dropConnection();
    await advance(UNREAD_FALLBACK_POLL_MS);
    expect(bellLoads()).toBe(bell + 1);
  });
});
