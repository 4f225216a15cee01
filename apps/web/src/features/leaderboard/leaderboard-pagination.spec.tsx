import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { board, boardUrl, entry, openLeaderboard, ok, players, row } from './leaderboard-fixtures';

const pager = () => screen.queryByRole('navigation', { name: 'Leaderboard pages' });

describe('leaderboard pages', () => {
  it('are not shown for a board of one page', async () => {
    await openLeaderboard(ok(board(players(1, 25), { totalPages: 1, totalPlayers: 25 })));
    expect(row('player25')).toBeInTheDocument();
    expect(pager()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
  });

  it('page through 25 players at a time with Previous and Next, asking the server for each page', async () => {
    const { api, user } = await openLeaderboard(ok(board(players(1, 25), { totalPages: 3, totalPlayers: 60 })));
    api
      .on('GET', boardUrl('chLevel', { page: 2 }), ok(board(players(26, 25), { page: 2, totalPages: 3, totalPlayers: 60 })))
      .on('GET', boardUrl('chLevel', { page: 3 }), ok(board(players(51, 10), { page: 3, totalPages: 3, totalPlayers: 60 })));
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(pager()).toBeInTheDocument();
    expect(screen.getByTestId('leaderboard-page')).toHaveTextContent(/^Page 1 of 3$/);
    expect(screen.getByTestId('leaderboard-range')).toHaveTextContent(/^Showing 1-25 of 60 players$/);
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(await screen.findByTestId('leaderboard-row-player26')).toBeInTheDocument();
    expect(screen.queryByTestId('leaderboard-row-player1')).not.toBeInTheDocument();
    expect(screen.getByTestId('leaderboard-page')).toHaveTextContent(/^Page 2 of 3$/);
    expect(screen.getByTestId('leaderboard-range')).toHaveTextContent(/^Showing 26-50 of 60 players$/);
    expect(previous).toBeEnabled();

    await user.click(next);
    expect(await screen.findByTestId('leaderboard-row-player60')).toBeInTheDocument();
    expect(screen.getByTestId('leaderboard-page')).toHaveTextContent(/^Page 3 of 3$/);
    expect(screen.getByTestId('leaderboard-range')).toHaveTextContent(/^Showing 51-60 of 60 players$/);
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(await screen.findByTestId('leaderboard-row-player26')).toBeInTheDocument();
    expect(screen.getByTestId('leaderboard-page')).toHaveTextContent(/^Page 2 of 3$/);
    expect(api.callsTo(boardUrl('chLevel', { page: 3 }))).toHaveLength(1);
  });

  it('start again at page 1 when the filter changes', async () => {
    const { api, user } = await openLeaderboard(ok(board(players(1, 25), { totalPages: 2, totalPlayers: 30 })));
    api
      .on('GET', boardUrl('chLevel', { page: 2 }), ok(board(players(26, 5), { page: 2, totalPages: 2, totalPlayers: 30 })))
      .on('GET', boardUrl('armyPower'), ok(board([entry(1, 'strongest')], { totalPages: 2, totalPlayers: 26 })));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('leaderboard-row-player30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Army Power' }));
    expect(await screen.findByTestId('leaderboard-row-strongest')).toBeInTheDocument();
    expect(screen.getByTestId('leaderboard-page')).toHaveTextContent(/^Page 1 of 2$/);
    expect(api.requests.at(-1)?.url).toBe(boardUrl('armyPower'));
    expect(api.callsTo(boardUrl('armyPower', { page: 2 }))).toHaveLength(0);
  });
});
