import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes, type ReferredPlayersResponse } from '@runik/contract';
import { installFakeApi, never, type FakeApi } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const REFERRED_PLAYERS_URL = ApiRoutes.referredPlayers('alice');

async function openReferredPlayers() {
  const { user } = renderApp(AppRoutes.city);
  await user.click(screen.getByRole('button', { name: 'alice' }));
  await user.click(screen.getByRole('button', { name: 'Referred Players' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Referred Players' }) };
}

describe('Referred Players modal', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi();
    logInAs('alice');
  });

  it('shows a loading state while the players load', async () => {
    api.on('GET', REFERRED_PLAYERS_URL, never);
    const { dialog } = await openReferredPlayers();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading referred players');
    expect(within(dialog).queryByText('Total Referred')).not.toBeInTheDocument();
  });

  it("lists the player's referrals with totals, short US dates and status", async () => {
    const referrals: ReferredPlayersResponse = {
      referredPlayers: [
        { username: 'bob', joinedDate: '2026-11-21T12:00:00.000Z', isRegistered: true },
        { username: 'carol', joinedDate: '2026-03-05T12:00:00.000Z', isRegistered: false },
      ],
      totalReferred: 2,
      totalRegistered: 1,
    };
    api.on('GET', REFERRED_PLAYERS_URL, { status: 200, data: referrals });
    const { dialog } = await openReferredPlayers();

    const cards = await within(dialog).findAllByTestId('referred-player');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('@bob');
    expect(cards[0]).toHaveTextContent('Joined 11/21/2026');
    expect(within(cards[0]).getByText('Registered')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('@carol');
    expect(cards[1]).toHaveTextContent('Joined 3/5/2026');
    expect(within(cards[1]).getByText('Not Registered')).toBeInTheDocument();
    expect(within(dialog).getByTestId('total-referred')).toHaveTextContent('Total Referred2');
    expect(within(dialog).getByTestId('total-registered')).toHaveTextContent('Registered1');
    expect(api.callsTo(REFERRED_PLAYERS_URL)[0].authorization).toBe(null);
  });

  it('shows the empty state when nobody was referred', async () => {
    api.on('GET', REFERRED_PLAYERS_URL, { status: 200, data: { referredPlayers: [], totalReferred: 0, totalRegistered: 0 } });
    const { dialog } = await openReferredPlayers();

    expect(await within(dialog).findByText("You haven't referred any players yet.")).toBeInTheDocument();
    expect(within(dialog).getByText('Share your referral link to get started!')).toBeInTheDocument();
    expect(within(dialog).getByTestId('total-referred')).toHaveTextContent('0');
    expect(within(dialog).queryByTestId('referred-player')).not.toBeInTheDocument();
  });

  it('shows an error when the call fails', async () => {
    api.on('GET', REFERRED_PLAYERS_URL, { status: 500, data: { error: 'boom' } });
    const { dialog } = await openReferredPlayers();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to load referred players. Please try again.');
    expect(within(dialog).queryByText('Total Referred')).not.toBeInTheDocument();
  });

  it('closes with the close button and with Escape', async () => {
    api.on('GET', REFERRED_PLAYERS_URL, { status: 200, data: { referredPlayers: [], totalReferred: 0, totalRegistered: 0 } });
    const { user, dialog } = await openReferredPlayers();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'alice' }));
    await user.click(screen.getByRole('button', { name: 'Referred Players' }));
    expect(screen.getByRole('dialog', { name: 'Referred Players' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
