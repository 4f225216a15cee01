import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { getSession } from '../api/session-storage';
import { installFakeApi } from '../testing/fake-api';
import { logInAs } from '../testing/fixtures';
import { currentLocation, renderApp } from '../testing/render';
import { GAME_SCREENS } from '../shared/screens';

describe('route guard', () => {
  it.each(GAME_SCREENS.map((screen) => screen.path))('sends a visitor from %s to /authentication', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Login or Activate Account' })).toBeInTheDocument();
    expect(currentLocation()).toBe(AppRoutes.authentication);
  });

  it('sends an unknown path to /authentication', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Login or Activate Account' })).toBeInTheDocument();
    expect(currentLocation()).toBe(AppRoutes.authentication);
  });

  it('sends a logged-in player from /authentication to /city', async () => {
    logInAs('alice');
    renderApp(`${AppRoutes.authentication}?ref=bob`);
    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(currentLocation()).toBe(AppRoutes.city);
  });

  it('shows a logged-in player the Throne Wars page inside the shell', async () => {
    installFakeApi()
      .on('GET', ApiRoutes.throneStatus, {
        status: 200,
        data: { throneWars: null, config: { THRONE_FULL_CONTROL: 1800, THRONE_RALLY_GATHER: 300 }, serverTime: new Date().toISOString() },
      })
      .on('GET', ApiRoutes.throneUser('alice'), {
        status: 200,
        data: { hiveUsername: 'alice', allianceId: null, allianceName: null, allianceTag: null, isLeader: false },
      });
    logInAs('alice');
    renderApp(AppRoutes.thronewars);
    expect(await screen.findByRole('heading', { level: 1, name: 'Throne Wars' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Throne Status' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'alice' })).toBeInTheDocument();
  });

  it('ignores an expired session', async () => {
    localStorage.setItem(
      'runik.session',
      JSON.stringify({ token: 't', hiveUsername: 'alice', expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    renderApp(AppRoutes.city);
    expect(await screen.findByRole('heading', { name: 'Login or Activate Account' })).toBeInTheDocument();
  });

  it('drops the session and returns to /authentication when a call answers 401', async () => {
    const api = installFakeApi().on('GET', ApiRoutes.referredPlayers('alice'), {
      status: 401,
      data: { error: 'Session is invalid or expired. Please log in again.' },
    });
    logInAs('alice');
    const { user } = renderApp(AppRoutes.city);

    await user.click(screen.getByRole('button', { name: 'alice' }));
    await user.click(screen.getByRole('button', { name: 'Referred Players' }));

    await waitFor(() => expect(currentLocation()).toBe(AppRoutes.authentication));
    expect(getSession()).toBeNull();
    expect(api.callsTo(ApiRoutes.referredPlayers('alice'))[0].authorization).toBe(null);
  });
});

describe('logout', () => {
  it.each([
    ['succeeds', 200],
    ['fails', 500],
  ])('ends the session and returns to /authentication when the logout call %s', async (_outcome, status) => {
    const api = installFakeApi().on('POST', ApiRoutes.logout, { status, data: { success: true } });
    logInAs('alice');
    const { user } = renderApp(AppRoutes.attack);

    await user.click(screen.getByRole('button', { name: 'alice' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(currentLocation()).toBe(AppRoutes.authentication));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('runik.session')).toBeNull();
    expect(api.callsTo(ApiRoutes.logout)).toEqual([expect.objectContaining({ method: 'POST', authorization: null })]);
    expect(screen.getByRole('button', { name: 'Game Links' })).toBeInTheDocument();
  });
});
