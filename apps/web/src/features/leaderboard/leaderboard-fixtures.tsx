import { screen, waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import {
  ApiRoutes,
  AppRoutes,
  type LeaderboardEntry,
  type LeaderboardFilter,
  type LeaderboardResponse,
  type SeasonListEntry,
} from '@runik/contract';
import { installFakeApi, type FakeApi, type Responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { LeaderboardTexts } from './leaderboard-texts';
import { LeaderboardPage } from './LeaderboardPage';

// Test data for the Leaderboards specs.

export const PLAYER = 'alice';
/** 12:00 in Manila on 10 November 2026. */
export const NOW = new Date('2026-11-10T04:00:00.000Z');

/**
 * Stops the clock at NOW: every request then carries the same `t`, so the fake API's exact
 * URLs match. `ticking` fakes intervals too, so a test moves the countdown with `advance`;
 * timeouts stay real, so the queries and findBy* run as usual.
 */
export function freezeClock({ ticking = false } = {}): void {
  vi.useFakeTimers({ toFake: ticking ? ['Date', 'setInterval', 'clearInterval'] : ['Date'] });
  vi.setSystemTime(NOW);
}

export function entry(rank: number, hiveUsername: string, overrides: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return { rank, hiveUsername, chLevel: 10 - rank, armyPower: 100 - rank, totalDamage: 0, ...overrides };
}

export function board(leaderboard: LeaderboardEntry[], overrides: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  return { leaderboard, page: 1, totalPages: 1, totalPlayers: leaderboard.length, you: null, ...overrides };
}

/** `count` players ranked from `firstRank`. */
export function players(firstRank: number, count: number): LeaderboardEntry[] {
  return Array.from({ length: count }, (_, index) => entry(firstRank + index, `player${firstRank + index}`));
}

export function season(seasonId: number, overrides: Partial<SeasonListEntry> = {}): SeasonListEntry {
  return { seasonId, label: `Season ${seasonId}`, isActive: false, endDate: '2026-11-16T00:00:00.000Z', ...overrides };
}

/** The URL the page asks for at the frozen time, for alice. */
export function boardUrl(filter: LeaderboardFilter, { page = 1, seasonId }: { page?: number; seasonId?: number } = {}): string {
  return ApiRoutes.leaderboard({ filter, t: Date.now(), seasonId, page, hiveUsername: PLAYER });
}

export function ok(data: unknown): Responder {
  return { status: 200, data };
}

/**
 * Logs alice in (clock frozen) and opens the Leaderboards on the City Hall Level board;
 * resolves once that board has loaded or failed.
 */
export async function openLeaderboard(first: Responder = ok(board([entry(1, 'bob')])), { ticking = false } = {}) {
  const opened = renderLeaderboard(first, { ticking });
  await boardSettled();
  return opened;
}

/** The same, without waiting for the board. */
export function renderLeaderboard(first: Responder, { ticking = false } = {}) {
  freezeClock({ ticking });
  const api = installFakeApi().on('GET', boardUrl('chLevel'), first);
  logInAs(PLAYER);
  return { api, ...renderWithProviders(<LeaderboardPage />, AppRoutes.leaderboard) };
}

/** Waits until the board is no longer loading. */
export async function boardSettled(): Promise<void> {
  await waitFor(() => expect(screen.queryByText(LeaderboardTexts.loading)).not.toBeInTheDocument());
}

export function row(username: string): HTMLElement {
  return screen.getByTestId(`leaderboard-row-${username}`);
}

/** The text of each cell of a row. */
export function cells(element: HTMLElement): string[] {
  return within(element)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

export function urlsAskedFor(api: FakeApi): string[] {
  return api.requests.map((request) => request.url);
}
