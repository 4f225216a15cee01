import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AppRoutes, CityMessages } from '@runik/contract';
import { installFakeApi, never, serveInTurn } from '../../testing/fake-api';
import { advance, cityResponse, CITY_CONSTANTS, openCity, PLAYER, serveCity } from '../../testing/city-fixtures';
import { toastTexts } from '../../testing/dialogs';
import { logInAs } from '../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../testing/render';
import { CityPage } from './CityPage';

const NOW = new Date('2026-05-01T12:00:00.000Z');

describe('City screen placeholders', () => {
  it("says 'Loading constants...' until the constants arrive", async () => {
    installFakeApi().on('GET', ApiRoutes.cityConstants, never);
    logInAs(PLAYER);
    renderApp(AppRoutes.city);
    expect(await screen.findByTestId('city-placeholder')).toHaveTextContent(/^Loading constants\.\.\.$/);
    expect(screen.getByRole('heading', { level: 1, name: 'City' })).toBeInTheDocument();
  });

  it("says 'Please log in to see your city.' without a session", async () => {
    const api = installFakeApi().on('GET', ApiRoutes.cityConstants, { status: 200, data: CITY_CONSTANTS });
    renderWithProviders(<CityPage />);
    expect(await screen.findByText('Please log in to see your city.')).toBeInTheDocument();
    expect(api.requests.map((request) => request.url)).toEqual([ApiRoutes.cityConstants]);
  });

  it("says 'Loading city...' while the city loads, asking with the session's token", async () => {
    const api = serveCity(installFakeApi(), never);
    logInAs(PLAYER);
    renderApp(AppRoutes.city);
    expect(await screen.findByText('Loading city...')).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.cityResources(PLAYER))[0].authorization).toBe(null);
  });

  it.each([
    [{ status: 404, data: { error: CityMessages.cityNotFound } }, 'Error loading city: City not found'],
    [{ status: 502, data: '<html>Bad gateway</html>' }, 'Error loading city: Network response was not ok (502)'],
  ])('shows a failed load as %j', async (response, message) => {
    serveCity(installFakeApi(), response);
    logInAs(PLAYER);
    renderApp(AppRoutes.city);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('resources-card')).not.toBeInTheDocument();
  });

  it('loads the city again from Try again after a failed load', async () => {
    const api = serveCity(installFakeApi(), cityResponse());
    serveInTurn(api, 'GET', ApiRoutes.cityResources(PLAYER), { status: 502 }, cityResponse());
    logInAs(PLAYER);
    renderApp(AppRoutes.city);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('resources-card')).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.cityResources(PLAYER))).toHaveLength(2);
  });
});

describe('resources and RUNIK', () => {
  it('shows resources rounded down to 2 decimals and RUNIK to 3', async () => {
    await openCity(cityResponse({ resources: { wheat: 1234.567, lumber: 0.999, stone: 5, ore: 10.001, runik: 7.129 } }));

    expect(screen.getByTestId('amount-wheat')).toHaveTextContent('1,234.56');
    expect(screen.getByTestId('amount-lumber')).toHaveTextContent('0.99');
    expect(screen.getByTestId('amount-stone')).toHaveTextContent('5.00');
    expect(screen.getByTestId('amount-ore')).toHaveTextContent('10.00');
    expect(screen.getByTestId('runik-amount')).toHaveTextContent('7.129');
  });

  it('shows production per hour from the levels and gear bonuses', async () => {
    await openCity(
      cityResponse({
        levels: { wheat: 3 },
        gearBonuses: { wheatProduction: 10, lumberProduction: 0, stoneProduction: 0, oreProduction: 0 },
      }),
    );
    // (120 + 12 × 2 × 6.84) × 1.1 = 312.576
    expect(screen.getByTestId('production-wheat')).toHaveTextContent('312.57');
    expect(screen.getByTestId('production-lumber')).toHaveTextContent('100.00');
    // The Mine opens at City Hall 3: a locked producer makes nothing.
    expect(screen.getByTestId('production-ore')).toHaveTextContent('0.00');
  });

  it('shows a locked producer’s card making nothing, with what it will make once open', async () => {
    await openCity(cityResponse({ chLevel: 1 }));
    const quarry = screen.getByTestId('building-stone');
    expect(within(quarry).getByTestId('production-per-hour')).toHaveTextContent(/^0\.00$/);
    expect(within(quarry).getByTestId('production-once-open')).toHaveTextContent('80.00/h from City Hall 2');
    const farm = screen.getByTestId('building-wheat');
    expect(within(farm).getByTestId('production-per-hour')).toHaveTextContent(/^120\.00$/);
    expect(within(farm).queryByTestId('production-once-open')).toBeNull();
  });

  it('counts a producer once City Hall unlocks it', async () => {
    await openCity(cityResponse({ chLevel: 3 }));
    expect(screen.getByTestId('production-ore')).toHaveTextContent('60.00');
  });

  it('offers Convert to RUNIK, Convert to Resources, Deposit and Withdraw', async () => {
    await openCity(cityResponse());
    const card = screen.getByTestId('runiks-card');
    expect(within(card).getByRole('heading', { name: 'RUNIKS' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Convert to RUNIK' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Convert to Resources' })).toBeEnabled();
    const walletActions = within(screen.getByTestId('wallet-actions'));
    expect(walletActions.getByRole('button', { name: 'Deposit' })).toBeEnabled();
    expect(walletActions.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });
});

describe('pending production', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('grows each second at the hourly rate divided by 3600', async () => {
    await openCity(cityResponse({ pendingResources: { wheat: 0.5, lumber: 0, stone: 0, ore: 0 } }), { fakeTimers: true });
    expect(screen.getByTestId('pending-wheat')).toHaveTextContent('0.50');
    expect(screen.getByTestId('pending-ore')).toHaveTextContent('0.00');

    // Wheat makes 120/h: 1 every 30 s. The Mine is locked at City Hall 1: no ore.
    await advance(30_000);
    expect(screen.getByTestId('pending-wheat')).toHaveTextContent('1.50');
    await advance(1_000);
    expect(screen.getByTestId('pending-wheat')).toHaveTextContent('1.53');
    await advance(29_000);
    expect(screen.getByTestId('pending-wheat')).toHaveTextContent('2.50');
    expect(screen.getByTestId('pending-ore')).toHaveTextContent('0.00');
  });

  it("grows by the farm's output less the troops' upkeep, shown beside the wheat", async () => {
    // 600 infantry eat 60 wheat an hour (0.1 each): wheat grows at 120 - 60 = 60/h, 1 every minute.
    const army = { infantry: 600, archers: 0, cavalries: 0 };
    await openCity(cityResponse({ army, troopUpkeepPerHour: 60, pendingResources: { wheat: 0.5, lumber: 0, stone: 0, ore: 0 } }), {
      fakeTimers: true,
    });
    expect(screen.getByTestId('upkeep-wheat')).toHaveTextContent('60.00');
    await advance(60_000);
    expect(screen.getByTestId('pending-wheat')).toHaveTextContent('1.50');
    expect(screen.getByTestId('pending-lumber')).toHaveTextContent('1.66');
  });

  it('shows no upkeep without an army', async () => {
    await openCity(cityResponse(), { fakeTimers: true });
    expect(screen.queryByTestId('upkeep-wheat')).toBeNull();
  });

  it('stops growing at the pending cap (12 hours of production)', async () => {
    await openCity(cityResponse({ pendingResources: { wheat: 1439, lumber: 0, stone: 0, ore: 0 } }), { fakeTimers: true });
    await advance(120_000);
    expect(screen.getByTestId('pending-wheat')).toHaveTextContent('1,440.00');
  });
});

describe('harvest', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });

  it('is allowed when the city never harvested, then counts down to the next harvest', async () => {
    const nextHarvestTime = new Date(NOW.getTime() + 4 * 3_600_000).toISOString();
    const { api } = await openCity(cityResponse({ pendingResources: { wheat: 12.5, lumber: 3, stone: 0, ore: 0 } }), {
      fakeTimers: true,
    });
    api.on('POST', ApiRoutes.cityHarvest(PLAYER), {
      status: 200,
      data: {
        resources: { wheat: 1012.5, lumber: 1003, stone: 1000, ore: 1000, runik: 0 },
        pendingResources: { wheat: 0, lumber: 0, stone: 0, ore: 0 },
        nextHarvestTime,
      },
    });

    const button = screen.getByTestId('harvest-button');
    expect(button).toHaveTextContent(/^Harvest$/);
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await advance(0);

    expect(api.callsTo(ApiRoutes.cityHarvest(PLAYER))).toEqual([expect.objectContaining({ method: 'POST', body: undefined })]);
    expect(toastTexts()).toEqual(['Harvested 12.50 Wheat, 3.00 Lumber.']);
    expect(screen.getByTestId('amount-wheat')).toHaveTextContent('1,012.50');
    expect(screen.getByTestId('pending-wheat')).toHaveTextContent('0.00');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Harvest in 4:00:00');
    await advance(1_000);
    expect(button).toHaveTextContent('Harvest in 3:59:59');
    await advance(4 * 3_600_000);
    expect(button).toHaveTextContent(/^Harvest$/);
    expect(button).toBeEnabled();
  });

  it('is allowed once nextHarvestTime has passed', async () => {
    await openCity(cityResponse({ nextHarvestTime: new Date(NOW.getTime() - 1000).toISOString() }), { fakeTimers: true });
    expect(screen.getByTestId('harvest-button')).toBeEnabled();
  });

  it('shows a failed harvest as the screen error, not a toast', async () => {
    const { api } = await openCity(cityResponse(), { fakeTimers: true });
    api.on('POST', ApiRoutes.cityHarvest(PLAYER), { status: 429, data: { error: CityMessages.harvestNotReady('1:00:00') } });

    fireEvent.click(screen.getByTestId('harvest-button'));
    await advance(0);

    expect(screen.getByTestId('city-error')).toHaveTextContent('Harvest not ready yet. Try again in 1:00:00.');
    expect(toastTexts()).toEqual([]);
    // The city stays usable.
    expect(screen.getByTestId('resources-card')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('city-error')).not.toBeInTheDocument();
  });

  it('falls back to its own message when the server sent none', async () => {
    const { api } = await openCity(cityResponse(), { fakeTimers: true });
    api.on('POST', ApiRoutes.cityHarvest(PLAYER), { status: 500 });
    fireEvent.click(screen.getByTestId('harvest-button'));
    await advance(0);
    expect(screen.getByTestId('city-error')).toHaveTextContent('Failed to harvest resources');
  });
});

describe('refresh', () => {
  it('reloads the city when the tab becomes visible again and when the connection returns', async () => {
    const { api } = await openCity(cityResponse());
    const loads = () => api.callsTo(ApiRoutes.cityResources(PLAYER)).length;
    expect(loads()).toBe(1);

    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(loads()).toBe(2));

    await act(async () => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await vi.waitFor(() => expect(loads()).toBe(3));
  });
});
