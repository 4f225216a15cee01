import { screen, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, UPGRADE_HISTORY_PAGE_SIZE, type UpgradeHistoryEntry } from '@runik/contract';
import type { Responder } from '../../testing/fake-api';
import { formatRequestedAt } from '../../shared/format';
import { card, gear, openBlacksmith, PLAYER } from './blacksmith-fixtures';

const historyUrl = (offset: number) => ApiRoutes.upgradeHistory(PLAYER, offset);

function entry(index: number): UpgradeHistoryEntry {
  return {
    gearId: 100 + index,
    gearName: `Rare Ore Gear Lv.${index + 2}`,
    levelChange: index % 3,
    expGained: 20 * (index + 1),
    materialsUsed: (index % 10) + 1,
    upgradedAt: new Date(Date.UTC(2026, 4, 1, 12, 0) - index * 60_000).toISOString(),
  };
}

const page = (from: number, size: number) => ({
  status: 200,
  data: { history: Array.from({ length: size }, (_, index) => entry(from + index)) },
});

async function openHistory(firstPage: Responder) {
  const opened = await openBlacksmith([gear(1)]);
  opened.api.on('GET', historyUrl(0), firstPage);
  await opened.user.click(screen.getByRole('tab', { name: 'History' }));
  return opened;
}

describe('the History tab', () => {
  it('switches from the Upgrade tab, which keeps its selection', async () => {
    const { user, api } = await openBlacksmith([gear(1), gear(2)]);
    api.on('GET', historyUrl(0), page(0, 1));
    expect(screen.getByRole('tab', { name: 'Upgrade' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(card(1)).getByRole('button', { name: 'Select as target' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Upgrade Gear' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Upgrade' }));
    expect(within(screen.getByTestId('upgrade-target')).getByTestId('gear-name')).toHaveTextContent('Common Wheat Gear Lv.1');
    expect(within(card(1)).getByRole('button', { name: 'Select as target' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists each upgrade: gear, level change, experience, materials and date', async () => {
    await openHistory(page(0, 2));
    const [first, second] = await screen.findAllByTestId('history-entry');
    expect(within(first).getByTestId('history-gear')).toHaveTextContent('Rare Ore Gear Lv.2');
    expect(within(first).getByTestId('history-level')).toHaveTextContent('Level +0');
    expect(within(first).getByTestId('history-exp')).toHaveTextContent('+20 EXP');
    expect(within(first).getByTestId('history-materials')).toHaveTextContent(/^1 material$/);
    expect(within(second).getByTestId('history-level')).toHaveTextContent('Level +1');
    expect(within(second).getByTestId('history-materials')).toHaveTextContent('2 materials');
    const date = within(first).getByTestId('history-date');
    expect(date).toHaveAttribute('datetime', '2026-05-01T12:00:00.000Z');
    expect(date).toHaveTextContent(formatRequestedAt('2026-05-01T12:00:00.000Z'));
    // A short first page is all there is.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads more by offset, a page of 20 at a time, until a short page', async () => {
    const { api, user } = await openHistory(page(0, UPGRADE_HISTORY_PAGE_SIZE));
    api.on('GET', historyUrl(20), page(20, UPGRADE_HISTORY_PAGE_SIZE)).on('GET', historyUrl(40), page(40, 5));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(40);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Rare Ore Gear Lv.46');

    expect(screen.getAllByTestId('history-entry')).toHaveLength(45);
    expect(screen.getAllByTestId('history-gear').at(-1)).toHaveTextContent('Rare Ore Gear Lv.46');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.url.includes('/upgrade-history/')).map((request) => request.url)).toEqual([
      historyUrl(0),
      historyUrl(20),
      historyUrl(40),
    ]);
    expect(historyUrl(20)).toBe(`/api/blacksmith/upgrade-history/${PLAYER}?offset=20`);
  });

  it('says when there is no upgrade yet', async () => {
    await openHistory(page(0, 0));
    expect(await screen.findByText('No upgrades yet.')).toBeInTheDocument();
  });

  it.each([
    [
      "the server's message",
      { status: 400, data: { error: 'offset must be a whole number of 0 or more.' } },
      'offset must be a whole number of 0 or more.',
    ],
    ['the fallback', { status: 500 }, 'Failed to load upgrade history'],
    [
      'the network error',
      () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)),
      'Network error. Please try again.',
    ],
  ] as [string, Responder, string][])('shows %s when the history fails to load', async (_case, responder, message) => {
    await openHistory(responder);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('keeps the entries and offers Load more again when the next page fails', async () => {
    const { api, user } = await openHistory(page(0, UPGRADE_HISTORY_PAGE_SIZE));
    api.on('GET', historyUrl(20), { status: 500 });
    await screen.findAllByTestId('history-entry');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load upgrade history');
    expect(screen.getAllByTestId('history-entry')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });
});
