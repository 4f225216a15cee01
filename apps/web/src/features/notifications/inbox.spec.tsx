import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes, type NotificationDto } from '@runik/contract';
import { installFakeApi, never, type FakeApi } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { notificationOf, notificationsPage, serveUnreadCount } from '../../testing/notification-fixtures';
import { currentLocation, renderApp } from '../../testing/render';

const PLAYER = 'alice';
const INBOX_URL = ApiRoutes.notifications(PLAYER);
const READ_URL = ApiRoutes.notificationsRead(PLAYER);
const NO_TROOPS = { infantry: 0, archers: 0, cavalry: 0 };
const NO_LOOT = { wheat: 0, lumber: 0, stone: 0, ore: 0 };

const raid = notificationOf('attacked', {
  battleId: 41,
  attacker: 'bob',
  winner: 'attacker',
  dead: { infantry: 3, archers: 0, cavalry: 1 },
  injured: { infantry: 0, archers: 2, cavalry: 0 },
  loot: { wheat: 12.5, lumber: 0, stone: 3, ore: 0 },
});
const repelled = notificationOf('attacked', {
  battleId: 42,
  attacker: 'carol',
  winner: 'defender',
  dead: NO_TROOPS,
  injured: NO_TROOPS,
  loot: NO_LOOT,
});
const sale = notificationOf(
  'listing-sold',
  { listingId: 5, gearName: 'Iron Helm', buyer: 'dave', price: 100, fee: 2, tax: 5, received: 95 },
  { readAt: '2026-05-01T13:00:00.000Z' },
);
const deposit = notificationOf('deposit-credited', { depositId: 3, amount: 1250.5, transactionId: 'tx-1' });
const boss = notificationOf('boss-defeated', { floor: 4, damage: 1520.25, share: 3.125 });
const garrison = notificationOf('rally-launched', {
  rallyId: 2,
  battleId: null,
  winner: null,
  dead: { infantry: 0, archers: 0, cavalries: 0 },
  injured: { infantry: 0, archers: 0, cavalries: 0 },
});

function serveInbox(
  api: FakeApi,
  url: string,
  notifications: NotificationDto[],
  options: { unreadCount?: number; nextCursor?: string | null } = {},
) {
  return api.on('GET', url, { status: 200, data: notificationsPage(notifications, options) });
}

async function openInbox(path: string = AppRoutes.inbox) {
  const rendered = renderApp(path);
  await screen.findByRole('list', { name: 'Notifications' });
  return rendered;
}

const items = () => screen.getAllByTestId('notification');
const bell = () => screen.getByTestId('notification-bell');

beforeEach(() => logInAs(PLAYER));

describe('the inbox', () => {
  it('words each kind from its data, newest first, with a link where there is more to see', async () => {
    const api = serveInbox(installFakeApi(), INBOX_URL, [raid, repelled, sale, deposit, boss, garrison], { unreadCount: 5 });
    serveUnreadCount(api, PLAYER, 5);
    await openInbox();

    const texts = items().map((item) => within(item).getByText(/\w/, { selector: 'p' }).textContent);
    expect(texts).toEqual([
      'Newbob raided your city: you lost 3 infantry and 1 cavalry (2 archers wounded); they took 12.50 wheat and 3.00 stone.',
      "NewYou drove off carol's raid on your city: you lost no troops.",
      'dave bought your Iron Helm for 100 RUNIK: you received 95 RUNIK (listing fee 2, tax 5).',
      'NewYour deposit of 1,250.500 RUNIK is credited to your city.',
      'NewThe floor 4 boss of the Abyssal Citadel fell: you dealt 1,520,250 damage and earned 3.125 RUNIK.',
      'NewYour rally reached the throne your alliance already held: it joined the garrison.',
    ]);
    expect(within(items()[0]).getByRole('link', { name: 'Battle report' })).toHaveAttribute('href', '/battles/attack/41');
    expect(within(items()[2]).getByRole('link', { name: 'P2P market' })).toHaveAttribute('href', AppRoutes.p2p);
    expect(within(items()[3]).getByRole('link', { name: 'Go to city' })).toHaveAttribute('href', AppRoutes.city);
    expect(screen.getByTestId('inbox-unread')).toHaveTextContent('5 unread');
  });

  it('says so when there is nothing yet', async () => {
    serveUnreadCount(serveInbox(installFakeApi(), INBOX_URL, []), PLAYER, 0);
    renderApp(AppRoutes.inbox);
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('shows a failed load with a way to try again', async () => {
    const api = installFakeApi().on('GET', INBOX_URL, { status: 500, data: { error: 'boom' } });
    renderApp(AppRoutes.inbox);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notifications.');
    serveInbox(api, INBOX_URL, [deposit]);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByTestId('notification')).toHaveTextContent('Your deposit of 1,250.500 RUNIK');
  });

  it('loads older pages with the cursor the last page gave', async () => {
    const api = serveInbox(installFakeApi(), INBOX_URL, [raid, sale], { nextCursor: '17' });
    const olderUrl = ApiRoutes.notifications(PLAYER, { cursor: '17' });
    serveInbox(api, olderUrl, [deposit], { nextCursor: null });
    const { user } = await openInbox();
    expect(items()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(/Your deposit of 1,250.500 RUNIK/);
    expect(items().map((item) => item.dataset.kind)).toEqual(['attacked', 'listing-sold', 'deposit-credited']);
    expect(api.callsTo(olderUrl)).toHaveLength(1);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('filters by group of kinds, keeping the choice in the address', async () => {
    const api = serveInbox(installFakeApi(), INBOX_URL, [raid, sale, deposit]);
    const battlesUrl = ApiRoutes.notifications(PLAYER, { kind: ['attacked', 'attack-resolved'] });
    serveInbox(api, battlesUrl, [raid]);
    serveInbox(api, ApiRoutes.notifications(PLAYER, { kind: ['boss-defeated'] }), []);
    const { user } = await openInbox();

    await user.selectOptions(screen.getByLabelText('Show'), 'Battles');
    expect(currentLocation()).toBe(`${AppRoutes.inbox}?show=battles`);
    await screen.findByText(/^bob raided your city/);
    expect(items()).toHaveLength(1);
    expect(api.callsTo(battlesUrl)).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Show'), 'Citadel');
    expect(await screen.findByText('No notifications of this kind.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'Everything');
    expect(currentLocation()).toBe(AppRoutes.inbox);
    expect(await screen.findAllByTestId('notification')).toHaveLength(3);
  });

  it('opens on the filter the address names', async () => {
    serveInbox(installFakeApi(), ApiRoutes.notifications(PLAYER, { kind: ['listing-sold'] }), [sale]);
    await openInbox(`${AppRoutes.inbox}?show=market`);
    expect(screen.getByLabelText('Show')).toHaveValue('market');
    expect(items()).toHaveLength(1);
  });
});

describe('marking read', () => {
  it('reads what it shows when opened: the bell counts down, the shown ones keep their New for this visit', async () => {
    const api = serveInbox(installFakeApi(), INBOX_URL, [raid, sale, deposit], { unreadCount: 2 });
    serveUnreadCount(api, PLAYER, 2);
    api.on('POST', READ_URL, { status: 200, data: { unreadCount: 0 } });
    await openInbox();

    await screen.findByText('All read');
    expect(bell()).toHaveAccessibleName('Inbox: no unread notifications');
    expect(api.callsTo(READ_URL).map((request) => request.body)).toEqual([{ ids: [raid.id, deposit.id] }]);
    expect(within(items()[0]).getByText('New')).toBeInTheDocument();
    expect(within(items()[1]).queryByText('New')).not.toBeInTheDocument();
    expect(within(items()[2]).getByText('New')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();
  });

  it('reads a page loaded later, and one read already is never sent', async () => {
    const older = notificationOf('boss-defeated', { floor: 2, damage: 10, share: 1 });
    const api = serveInbox(installFakeApi(), INBOX_URL, [raid, sale], { unreadCount: 2, nextCursor: String(raid.id) });
    serveInbox(api, ApiRoutes.notifications(PLAYER, { cursor: String(raid.id) }), [older]);
    api.on('POST', READ_URL, (request) => ({
      status: 200,
      data: { unreadCount: (request.body as { ids: number[] }).ids.includes(raid.id) ? 1 : 0 },
    }));
    const { user } = await openInbox();
    await screen.findByText('1 unread');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('All read');
    expect(api.callsTo(READ_URL).map((request) => request.body)).toEqual([{ ids: [raid.id] }, { ids: [older.id] }]);
  });

  it('does not mark an already read one again', async () => {
    const api = serveInbox(installFakeApi(), INBOX_URL, [sale]);
    const { user } = await openInbox();
    expect(within(items()[0]).queryByRole('button', { name: 'Mark read' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'P2P market' }));
    expect(api.callsTo(READ_URL)).toHaveLength(0);
  });

  it('marks all read at once', async () => {
    const api = serveInbox(installFakeApi(), INBOX_URL, [raid, deposit], { unreadCount: 7 });
    serveUnreadCount(api, PLAYER, 7);
    api.on('POST', READ_URL, (request) => ({ status: 200, data: { unreadCount: 'all' in (request.body as object) ? 0 : 5 } }));
    const { user } = await openInbox();
    await screen.findByText('5 unread');

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(api.callsTo(READ_URL).map((request) => request.body)).toEqual([{ ids: [raid.id, deposit.id] }, { all: true }]);
    expect(bell()).toHaveAccessibleName('Inbox: no unread notifications');
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('says so when marking fails, and leaves Mark read and the link to try again', async () => {
    let calls = 0;
    const api = serveInbox(installFakeApi(), INBOX_URL, [raid], { unreadCount: 1 });
    api
      .on('POST', READ_URL, () => (++calls === 1 ? { status: 500, data: { error: 'boom' } } : { status: 200, data: { unreadCount: 0 } }))
      .on('GET', ApiRoutes.battleReport('attack', 41), never);
    const { user } = await openInbox();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not mark as read. Please try again.');
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark read' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Battle report' }));
    expect(currentLocation()).toBe('/battles/attack/41');
    expect(api.callsTo(READ_URL).map((request) => request.body)).toEqual([{ ids: [raid.id] }, { ids: [raid.id] }]);
  });
});
