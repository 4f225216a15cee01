import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { ApiRoutes, AppRoutes, type CityConstantsResponse, type CityResponse, type PaymentHistoryResponse } from '@runik/contract';
import { BASE_PRODUCTIONS, CONVERSION_RATES, MILITARY_BUILDINGS, RESOURCE_BUILDINGS, UNLOCKS } from '@runik/rules';
import { installFakeApi, type FakeApi, type Responder } from './fake-api';
import { logInAs } from './fixtures';
import { renderApp } from './render';

/** What GET /api/city/constants answers: the shared balance sheet. */
export const CITY_CONSTANTS: CityConstantsResponse = {
  baseProductions: BASE_PRODUCTIONS,
  resourceBuildings: RESOURCE_BUILDINGS.map((building) => ({ ...building })),
  militaryBuildings: MILITARY_BUILDINGS.map((building) => ({ ...building, costs: { ...building.costs } })),
  unlocks: UNLOCKS,
  CONVERSION_RATES,
};

type CityOverrides = Omit<Partial<CityResponse>, 'levels' | 'resources'> & {
  levels?: Partial<CityResponse['levels']>;
  resources?: Partial<CityResponse['resources']>;
};

/** A city as GET /api/city/resources/{username} answers it: a new player's, changed by `overrides`. */
export function cityResponse({ levels, resources, ...overrides }: CityOverrides = {}): CityResponse {
  return {
    chLevel: 1,
    levels: { wheat: 1, lumber: 1, stone: 1, ore: 1, quarters: 1, archery: 1, stables: 1, ...levels },
    resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 0, ...resources },
    army: { infantry: 0, archers: 0, cavalries: 0 },
    sanctum: { injured: { infantry: 0, archers: 0, cavalries: 0 } },
    pendingResources: { wheat: 0, lumber: 0, stone: 0, ore: 0 },
    nextHarvestTime: null,
    trainingQueue: {},
    gearBonuses: { wheatProduction: 0, lumberProduction: 0, stoneProduction: 0, oreProduction: 0 },
    canWithdraw: true,
    troopUpkeepPerHour: 0,
    ...overrides,
  };
}

export const PLAYER = 'alice';

/** A player who never paid the game anything. */
export const NO_PAYMENTS: PaymentHistoryResponse = { payments: [], hasMore: false };

export function serveCity(
  api: FakeApi,
  city: CityResponse | Responder,
  payments: PaymentHistoryResponse | Responder = NO_PAYMENTS,
): FakeApi {
  return api
    .on('GET', ApiRoutes.cityConstants, { status: 200, data: CITY_CONSTANTS })
    .on('GET', ApiRoutes.cityResources(PLAYER), 'status' in city || typeof city === 'function' ? city : { status: 200, data: city })
    .on(
      'GET',
      ApiRoutes.paymentHistory(PLAYER),
      'status' in payments || typeof payments === 'function' ? payments : { status: 200, data: payments },
    );
}

/** The requests to `url` that were not previews. */
export function realCallsTo(api: FakeApi, url: string) {
  return api.callsTo(url).filter((request) => !(request.body as { preview?: boolean } | undefined)?.preview);
}

export function previewCallsTo(api: FakeApi, url: string) {
  return api.callsTo(url).filter((request) => (request.body as { preview?: boolean } | undefined)?.preview === true);
}

/**
 * Logs alice in and opens /city on her `city`; resolves once the city shows. On fake timers,
 * drive the page with fireEvent: user-event (through Testing Library's async wrapper) waits
 * on a timer only Jest's fake timers would advance.
 */
export async function openCity(
  city: CityResponse,
  { fakeTimers = false, payments = NO_PAYMENTS }: { fakeTimers?: boolean; payments?: PaymentHistoryResponse | Responder } = {},
) {
  const api = serveCity(installFakeApi(), city, payments);
  logInAs(PLAYER);
  const rendered = renderApp(AppRoutes.city);
  if (fakeTimers) {
    // findBy* would wait on faked timers: let the two loads through, then look.
    await advance(0);
    await advance(0);
    screen.getByTestId('resources-card');
  } else {
    await screen.findByTestId('resources-card');
  }
  return { api, ...rendered };
}

/** Moves fake time forward and lets React and the queries catch up. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Lets a request that an action might have started reach the fake API, to check that none did. */
export async function settle(): Promise<void> {
  if (vi.isFakeTimers()) return advance(0);
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
}
