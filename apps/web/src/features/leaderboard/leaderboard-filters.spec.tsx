import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { board, boardUrl, entry, openLeaderboard, ok, urlsAskedFor } from './leaderboard-fixtures';

const filterButton = (name: string) => within(screen.getByRole('group', { name: 'Leaderboard' })).getByRole('button', { name });

describe('the leaderboard filters', () => {
  it('are City Hall Level, Army Power and Abyss Season, City Hall Level pressed at first', async () => {
    await openLeaderboard();
    expect(
      within(screen.getByRole('group', { name: 'Leaderboard' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['City Hall Level', 'Army Power', 'Abyss Season']);
    expect(filterButton('City Hall Level')).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton('Army Power')).toHaveAttribute('aria-pressed', 'false');
    expect(filterButton('Abyss Season')).toHaveAttribute('aria-pressed', 'false');
    // Neither the seasons nor their dropdown belong to this board.
    expect(screen.queryByLabelText('Season')).not.toBeInTheDocument();
    expect(screen.queryByTestId('season-countdown')).not.toBeInTheDocument();
  });

  it('Army Power asks for that board and shows it, pressed', async () => {
    const { api, user } = await openLeaderboard(ok(board([entry(1, 'bob')])));
    api.on('GET', boardUrl('armyPower'), ok(board([entry(1, 'carol', { armyPower: 987.654 })])));
    await user.click(filterButton('Army Power'));
    expect(await screen.findByTestId('leaderboard-row-carol')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Army Power' })).toBeInTheDocument();
    expect(filterButton('Army Power')).toHaveAttribute('aria-pressed', 'true');
    expect(filterButton('City Hall Level')).toHaveAttribute('aria-pressed', 'false');
    expect(urlsAskedFor(api)).toEqual([boardUrl('chLevel'), boardUrl('armyPower')]);
  });

  it('City Hall Level asks for its board again after another one', async () => {
    const { api, user } = await openLeaderboard(ok(board([entry(1, 'bob')])));
    api.on('GET', boardUrl('armyPower'), ok(board([entry(1, 'carol')])));
    await user.click(filterButton('Army Power'));
    await screen.findByTestId('leaderboard-row-carol');
    await user.click(filterButton('City Hall Level'));
    expect(await screen.findByTestId('leaderboard-row-bob')).toBeInTheDocument();
    expect(filterButton('City Hall Level')).toHaveAttribute('aria-pressed', 'true');
  });
});
