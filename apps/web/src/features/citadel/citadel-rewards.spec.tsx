import { fireEvent, screen, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, type CitadelRewardRecord } from '@runik/contract';
import type { Responder } from '../../testing/fake-api';
import { openCitadel, PLAYER } from './citadel-fixtures';

const REWARDS_URL = ApiRoutes.citadelRewards(PLAYER, 20);

const FLOOR_2: CitadelRewardRecord = {
  floor: 2,
  damageDealt: 65.25,
  damagePercentage: 50.2,
  rewardAmount: 1.084,
  distributedAt: '2026-05-01T10:00:00.000Z',
};
const FLOOR_1: CitadelRewardRecord = {
  floor: 1,
  damageDealt: 100,
  damagePercentage: 100,
  rewardAmount: 1.8,
  distributedAt: '2026-04-30T09:30:00.000Z',
};

async function openRewards(response: Responder) {
  const opened = await openCitadel();
  opened.api.on('GET', REWARDS_URL, response);
  fireEvent.click(screen.getByRole('button', { name: 'Reward History' }));
  return { ...opened, dialog: screen.getByRole('dialog', { name: 'Reward History' }) };
}

describe('the Reward History', () => {
  it('asks for the last 20 rewards and lists floor, damage, share, reward and date', async () => {
    const { api, dialog } = await openRewards({ status: 200, data: { rewards: [FLOOR_2, FLOOR_1] } });
    const rows = await within(dialog).findAllByRole('row');
    expect(api.callsTo(REWARDS_URL)).toHaveLength(1);
    expect(REWARDS_URL).toBe(`/api/citadel/rewards/${PLAYER}?limit=20`);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([null, 'reward-2', 'reward-1']);

    const cells = within(within(dialog).getByTestId('reward-2'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['2', '65,250', '50.2%', '1.084 RUNIK', new Date(FLOOR_2.distributedAt).toLocaleString()]);
    expect(within(within(dialog).getByTestId('reward-1')).getAllByRole('cell')[3]).toHaveTextContent('1.800 RUNIK');
  });

  it('says so when there are no rewards yet', async () => {
    const { dialog } = await openRewards({ status: 200, data: { rewards: [] } });
    expect(await within(dialog).findByTestId('no-rewards')).toHaveTextContent('No rewards yet.');
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('fetches afresh each time it opens, and closes', async () => {
    const { api, dialog } = await openRewards({ status: 200, data: { rewards: [] } });
    await within(dialog).findByTestId('no-rewards');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    api.on('GET', REWARDS_URL, { status: 200, data: { rewards: [FLOOR_1] } });
    fireEvent.click(screen.getByRole('button', { name: 'Reward History' }));
    expect(await screen.findByTestId('reward-1')).toBeInTheDocument();
    expect(api.callsTo(REWARDS_URL)).toHaveLength(2);
  });

  it.each([
    ['a refusal', { status: 500, data: { error: 'Ledger unavailable' } }, 'Failed to fetch reward history: Ledger unavailable'],
    ['no answer', () => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)), 'Network error'],
  ] as [string, Responder, string][])('shows the failure on %s', async (_case, response, message) => {
    const { dialog } = await openRewards(response);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${message}$`));
  });
});
