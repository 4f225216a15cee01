import type { ReactNode } from 'react';
import axios from 'axios';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import type { EconomyResponse, EmissionDayReport } from '@runik/contract';
import { createQueryClient } from '../../shared/query-client';
import { FakeApi } from '../../testing/fake-api';

/**
 * jsdom draws no canvas: each chart stands in as its figures table (what screen readers get) and
 * the legend position it was given.
 */
vi.mock('react-chartjs-2', () => {
  const Chart = (props: {
    'aria-label': string;
    fallbackContent: ReactNode;
    options: { plugins?: { legend?: { position?: string } } };
  }) => (
    <div role="img" aria-label={props['aria-label']} data-legend={props.options.plugins?.legend?.position}>
      {props.fallbackContent}
    </div>
  );
  return { Bar: Chart, Line: Chart };
});

// The page's own client is made when its module loads, with the adapter axios has then.
const api = new FakeApi();
let EconomyPage: typeof import('./EconomyPage').EconomyPage;
beforeAll(async () => {
  axios.defaults.adapter = api.adapter;
  ({ EconomyPage } = await import('./EconomyPage'));
});

const gameDay = (day: string, fields: Partial<EmissionDayReport> = {}): EmissionDayReport => ({
  day,
  budget: 2000,
  used: 12.5,
  sizedFromTreasury: true,
  treasuryRnk: 1500,
  owedRunik: 1000,
  coverage: 1.5,
  ...fields,
});

const REPORT: EconomyResponse = {
  liabilityRunik: 900,
  lockedRunik: 40,
  freeRunik: 80,
  contingentRunik: 50,
  systemRunik: Object.fromEntries(SYSTEM_ACCOUNT_CODES.map((code) => [code, 0])) as EconomyResponse['systemRunik'],
  withdrawingRunik: 10,
  owedRunik: 960,
  treasuryRnk: 864,
  coverage: 0.9,
  swapHiveReceived: 40.12345678,
  swapHiveSentOut: 0,
  swapHiveHeld: 40.12345678,
  emissionToday: gameDay('2026-03-02', { sizedFromTreasury: false, treasuryRnk: null, owedRunik: null, coverage: null }),
  emissionDays: [
    gameDay('2026-03-02', { sizedFromTreasury: false, used: 1, treasuryRnk: null, owedRunik: null, coverage: null }),
    gameDay('2026-03-01'),
  ],
  freeAccounts: {
    accounts: 4,
    creditedTodayByKind: { 'backed-mint': 20, transfer: 5, 'game-only-mint': 520 },
    addedToOwedToday: 25,
    gameOnlyRunik: 520,
    releasableRunik: 500,
    waitingRunik: 80,
    releasesSliceToday: 200,
    releasedToday: 0.7,
  },
  guardRails: { accountCap: null, gameCap: 500, gameUsedToday: 120.5, coverageFloor: 1, queueLength: 2, queuedRunik: 30 },
  days: [
    {
      date: '2026-03-02',
      minted: 7,
      burned: 3,
      resourcePurchases: 5,
      fees: 0,
      tax: 1,
      deposits: 2.5,
      withdrawals: 0,
      mintedByReason: { 'convert-to-runik': 7 },
      burnedByReason: { 'upgrade-ch': 3 },
    },
  ],
};

function renderPage() {
  api.on('GET', ApiRoutes.adminEconomy, { status: 200, data: REPORT });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EconomyPage />
    </QueryClientProvider>,
  );
}

const figure = async (id: string) =>
  within(await screen.findByTestId(`economy-${id}`))
    .getAllByRole('definition')
    .map((dd) => dd.textContent);

/** A chart's figures: series label to its amounts, left (oldest) to right. */
function chartFigures(name: string): Record<string, string[]> {
  const rows = within(screen.getByRole('img', { name })).getAllByRole('row').slice(1);
  return Object.fromEntries(
    rows.map((row) => [
      row.getAttribute('data-series'),
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ]),
  );
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('the economy page', () => {
  it("shows what is owed and held, SWAP.HIVE, today's emission budget and the guard rails", async () => {
    renderPage();
    expect(await figure('owed')).toEqual(['960.000']);
    expect(await figure('contingent')).toEqual(['50.000']);
    expect(await figure('locked')).toEqual(['40.000']);
    expect(await figure('coverage')).toEqual(['0.900', 'Under 1: the treasury cannot pay all that could be asked of it at once.']);
    expect(await figure('swap-hive-received')).toEqual(['40.123']);
    expect(await figure('swap-hive-held')).toEqual(['40.123']);
    expect(await figure('emission-budget')).toEqual(['2,000.000', 'The configured minimum: not sized from the treasury yet.']);
    expect(await figure('emission-used')).toEqual(['12.500']);
    expect(await figure('emission-left')).toEqual(['1,987.500']);
    expect(await figure('game-cap')).toEqual(['120.500 / 500.000']);
    expect(await figure('account-cap')).toEqual(['off']);
    expect(await figure('coverage-floor')).toEqual(['1.000']);
    expect(await figure('queue')).toEqual(['2', '30.000 RUNIK queued']);
  });

  it("shows the free accounts' part: what they added to what is owed today by kind, what stays game-only, what activations could release against its bound", async () => {
    renderPage();
    expect(await figure('free-accounts')).toEqual(['4']);
    expect(await figure('free-added')).toEqual(['25.000']);
    expect(await figure('free-game-only')).toEqual(['520.000']);
    expect(await figure('free-releasable')).toEqual(['500.000', '80.000 RUNIK waiting from earlier activations']);
    expect(await figure('free-release-bound')).toEqual([
      '0.700 / 200.000',
      'What the slice cannot give today waits for the next days, oldest activation first.',
    ]);
    expect(screen.getByRole('heading', { name: 'Free accounts (game day 2026-03-02)' })).toBeInTheDocument();
    const credits = within(screen.getByTestId('economy-free-credits'))
      .getAllByRole('row')
      .map((row) => [row.getAttribute('data-kind'), within(row).getByRole('cell').textContent]);
    expect(credits).toEqual([
      ['backed-mint', '20.000'],
      ['game-only-mint', '520.000'],
      ['transfer', '5.000'],
    ]);
    expect(
      within(screen.getByTestId('economy-free-credits')).getByText('Game-only mints: conversions, rewards (add nothing)'),
    ).toBeInTheDocument();
  });

  it('charts liability and coverage per game day then now, the budget against its use, and resource purchases apart from burned', async () => {
    renderPage();
    await screen.findByTestId('economy-owed');
    expect(chartFigures('RUNIK owed, treasury RNK and coverage per game day')).toEqual({
      owed: ['1,000.000', '–', '960.000'],
      'treasury RNK': ['1,500.000', '–', '864.000'],
      coverage: ['1.500', '–', '0.900'],
      'coverage floor': ['1.000', '1.000', '1.000'],
    });
    expect(
      within(screen.getByRole('img', { name: 'RUNIK owed, treasury RNK and coverage per game day' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['series', '2026-03-01', '2026-03-02', 'now']);
    // Today as emissionToday has it (12.5 used), not the listed row read a moment before.
    expect(chartFigures('Emission budget and RUNIK drawn from it per game day')).toEqual({
      budget: ['2,000.000', '2,000.000'],
      used: ['12.500', '12.500'],
    });
    expect(chartFigures('RUNIK minted and burned per day, by reason')).toEqual({
      'minted: Resources converted to RUNIK': ['7.000'],
      'burned: City Hall upgrade': ['3.000'],
      'resource purchases': ['5.000'],
    });
    const [header, today] = within(screen.getByTestId('economy-days-table')).getAllByRole('row');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['date', 'minted', 'burned', 'resource purchases', 'fees', 'tax', 'deposits', 'withdrawals']);
    expect(
      within(today)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['7.000', '3.000', '5.000', '0.000', '1.000', '2.500', '0.000']);
  });

  it('puts every legend under its plot on a phone, above it on a wider screen', async () => {
    renderPage();
    await screen.findByTestId('economy-owed');
    expect(screen.getAllByRole('img').map((chart) => chart.dataset.legend)).toEqual(['top', 'top', 'top', 'top', 'top']);
    cleanup();

    const phone = (query: string) => ({ ...originalMatchMedia(query), matches: query === '(max-width: 40rem)' }) as MediaQueryList;
    window.matchMedia = phone;
    renderPage();
    await screen.findByTestId('economy-owed');
    expect(screen.getAllByRole('img').map((chart) => chart.dataset.legend)).toEqual(['bottom', 'bottom', 'bottom', 'bottom', 'bottom']);
  });
});
