import { fireEvent, screen } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AppRoutes, CitadelMessages } from '@runik/contract';
import { advance } from '../../testing/city-fixtures';
import { installFakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { CitadelPage } from './CitadelPage';
import { floorResponse, getUrls, openCitadel, progress, PROGRESS_URL } from './citadel-fixtures';
import { DUE_GRACE_MS } from '../../shared/due-refresh';

describe('the player progress', () => {
  it('asks for the progress with the bearer token, then the global current floor', async () => {
    const { api } = await openCitadel();
    expect(api.requests.map((request) => [request.method, request.url, request.authorization])).toEqual([
      ['GET', PROGRESS_URL, null],
      ['GET', ApiRoutes.citadelFloor(3), null],
    ]);
  });

  it('shows the current floor, attacks today, army power and troops, total damage and pending reward', async () => {
    await openCitadel();
    const panel = screen.getByRole('region', { name: 'Your Progress' });
    expect(panel).toBeInTheDocument();
    expect(screen.getByTestId('global-floor')).toHaveTextContent(/^Floor 3$/);
    expect(screen.getByTestId('today-attacks')).toHaveTextContent(/^2 \(resets in [56]:\d\d:\d\d\)$/);
    expect(screen.getByTestId('army-power')).toHaveTextContent(/^12,500$/);
    expect(screen.getByTestId('army-infantry')).toHaveTextContent(/^120$/);
    expect(screen.getByTestId('army-archers')).toHaveTextContent(/^45$/);
    expect(screen.getByTestId('army-cavalries')).toHaveTextContent(/^8$/);
    expect(screen.getByTestId('total-damage')).toHaveTextContent(/^345,678$/);
    expect(screen.getByTestId('pending-reward')).toHaveTextContent(/^1\.250 RUNIK$/);
  });

  it('counts down to the daily reset and reloads the progress once it passes', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-01T23:59:58.000Z'));
    const { api } = await openCitadel({ progress: progress({ nextResetAt: '2026-05-02T00:00:00.000Z' }), fakeTimers: true });
    const reset = screen.getByTestId('next-reset');
    expect(reset).toHaveTextContent('(resets in 0:00:02)');
    expect(reset).toHaveAttribute('datetime', '2026-05-02T00:00:00.000Z');

    api.on('GET', PROGRESS_URL, { status: 200, data: progress({ todayAttackCount: 0, nextResetAt: '2026-05-03T00:00:00.000Z' }) });
    await advance(1_000);
    expect(screen.getByTestId('next-reset')).toHaveTextContent('(resets in 0:00:01)');
    expect(api.callsTo(PROGRESS_URL)).toHaveLength(1);
    await advance(1_000 + DUE_GRACE_MS);
    await advance(1);
    expect(api.callsTo(PROGRESS_URL)).toHaveLength(2);
    // Asked a moment after the reset (the server's clock may be a little behind).
    expect(screen.getByTestId('today-attacks')).toHaveTextContent(/^0 \(resets in 23:59:59\)$/);
  });

  it.each([
    [
      'a server message',
      { status: 500, data: { error: 'Database unavailable' } },
      `${CitadelMessages.failedProgress}: Database unavailable`,
    ],
    ['no server message', { status: 502, data: '<html>Bad gateway</html>' }, CitadelMessages.failedProgress],
  ])("shows 'Failed to fetch user progress' on a failure with %s", async (_case, response, message) => {
    const { api } = await openCitadel({ progress: response });
    expect(screen.getByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
    // Without the progress there is no starting floor: no floor is asked for.
    expect(getUrls(api)).toEqual([PROGRESS_URL]);
    expect(screen.queryByTestId('floor-title')).not.toBeInTheDocument();
  });

  it("shows 'Network error' when no answer came, and loads once Try again succeeds", async () => {
    const { api } = await openCitadel({
      progress: () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)),
      floors: { 3: floorResponse(3) },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Network error$/);

    api.on('GET', PROGRESS_URL, { status: 200, data: progress() });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('floor-title')).toHaveTextContent('Floor 3');
    expect(screen.getByTestId('global-floor')).toHaveTextContent('Floor 3');
  });

  it('asks a logged-out visitor to log in, without calling the server', () => {
    const api = installFakeApi();
    renderWithProviders(<CitadelPage />, AppRoutes.abyssalcitadel);
    expect(screen.getByText('Please log in to enter the Abyssal Citadel.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Reward History' })).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
