import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { settle } from '../../testing/city-fixtures';
import { installFakeApi, responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { notificationsPage, serveUnreadCount } from '../../testing/notification-fixtures';
import { currentLocation, renderApp } from '../../testing/render';

const PLAYER = 'alice';

function openWithUnread(unreadCount: number) {
  const api = serveUnreadCount(installFakeApi(), PLAYER, unreadCount).on(
    'GET',
    ApiRoutes.notifications(PLAYER),
    responder(notificationsPage([])),
  );
  logInAs(PLAYER);
  return { api, ...renderApp(AppRoutes.leaderboard) };
}

describe('the notification bell', () => {
  it('is not shown to a visitor', () => {
    renderApp(AppRoutes.authentication);
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });

  it('names the unread count and shows it on its badge', async () => {
    openWithUnread(3);
    const bell = await screen.findByRole('link', { name: 'Inbox: 3 unread notifications' });
    expect(within(bell).getByTestId('unread-count')).toHaveTextContent(/^3$/);
  });

  it('shows no badge when all is read', async () => {
    const { api } = openWithUnread(0);
    await vi.waitFor(() => expect(api.callsTo(ApiRoutes.notifications(PLAYER, { limit: 1 }))).toHaveLength(1));
    await settle();
    const bell = screen.getByRole('link', { name: 'Inbox: no unread notifications' });
    expect(within(bell).queryByTestId('unread-count')).not.toBeInTheDocument();
  });

  it('caps the badge at 99+ and keeps the exact count in its name', async () => {
    openWithUnread(1234);
    const bell = await screen.findByRole('link', { name: 'Inbox: 1234 unread notifications' });
    expect(within(bell).getByTestId('unread-count')).toHaveTextContent('99+');
  });

  it('opens the inbox', async () => {
    const { user } = openWithUnread(1);
    await user.click(await screen.findByRole('link', { name: 'Inbox: 1 unread notification' }));
    expect(currentLocation()).toBe(AppRoutes.inbox);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
  });
});
