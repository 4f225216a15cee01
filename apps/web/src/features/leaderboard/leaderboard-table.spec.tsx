import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { board, cells, entry, openLeaderboard, ok, PLAYER, row, urlsAskedFor } from './leaderboard-fixtures';

describe('the leaderboard table', () => {
  it('asks for the City Hall Level board first, page 1, with the time and the player’s name', async () => {
    const { api } = await openLeaderboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Leaderboards' })).toBeInTheDocument();
    expect(urlsAskedFor(api)).toHaveLength(1);
    const url = new URL(urlsAskedFor(api)[0], 'http://runik.test');
    expect(url.pathname).toBe('/api/leaderboard/leaderboard');
    expect(Object.fromEntries(url.searchParams)).toEqual({ filter: 'chLevel', t: String(Date.now()), page: '1', hiveUsername: PLAYER });
  });

  it('shows the columns Rank, Username, City Hall Level, Army Power and Total Damage, a row a player', async () => {
    await openLeaderboard(
      ok(
        board([
          entry(1, 'bob', { chLevel: 12, armyPower: 1234.5, totalDamage: 98.765 }),
          entry(2, 'carol', { chLevel: 11, armyPower: 0.021, totalDamage: 0 }),
        ]),
      ),
    );
    const table = screen.getByRole('table', { name: 'City Hall Level' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Rank', 'Username', 'City Hall Level', 'Army Power', 'Total Damage']);
    // The trophy is a drawing named for screen readers (next test), so the cell's text is its rank.
    expect(cells(row('bob'))).toEqual([' 1', 'bob', '12', '1,234,500', '98,765']);
    expect(cells(row('carol'))).toEqual([' 2', 'carol', '11', '21', '0']);
  });

  it('gives ranks 1, 2 and 3 a gold, silver and bronze trophy, and no one else', async () => {
    await openLeaderboard(ok(board([entry(1, 'bob'), entry(2, 'carol'), entry(3, 'dave'), entry(4, 'erin')])));
    expect(within(row('bob')).getByRole('img', { name: 'Gold trophy' })).toBeInTheDocument();
    expect(within(row('carol')).getByRole('img', { name: 'Silver trophy' })).toBeInTheDocument();
    expect(within(row('dave')).getByRole('img', { name: 'Bronze trophy' })).toBeInTheDocument();
    expect(within(row('bob')).getByRole('cell', { name: 'Gold trophy 1' })).toBeInTheDocument();
    expect(within(row('erin')).queryByRole('img')).not.toBeInTheDocument();
    expect(within(row('erin')).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(3);
  });

  it('gives players tied for a top rank the same trophy', async () => {
    await openLeaderboard(ok(board([entry(1, 'bob'), entry(1, 'carol'), entry(3, 'dave')])));
    expect(screen.getAllByRole('img', { name: 'Gold trophy' })).toHaveLength(2);
    expect(screen.queryByRole('img', { name: 'Silver trophy' })).not.toBeInTheDocument();
    expect(within(row('dave')).getByRole('img', { name: 'Bronze trophy' })).toBeInTheDocument();
  });

  it('highlights the player’s own row with (You), and only theirs', async () => {
    const you = entry(2, PLAYER);
    await openLeaderboard(ok(board([entry(1, 'bob'), you, entry(3, 'carol')], { you })));
    expect(within(row(PLAYER)).getByRole('cell', { name: `${PLAYER} (You)` })).toBeInTheDocument();
    expect(row(PLAYER)).toHaveAttribute('aria-current', 'true');
    expect(row(PLAYER)).toHaveClass('leaderboard-row--you');
    expect(screen.getAllByText('(You)')).toHaveLength(1);
    expect(row('bob')).not.toHaveAttribute('aria-current');
    // On the page already: not repeated under the table.
    expect(screen.queryByTestId('leaderboard-you')).not.toBeInTheDocument();
  });

  it('shows the player’s own row under the table when it is on another page', async () => {
    const you = entry(57, PLAYER, { chLevel: 3, armyPower: 4.5, totalDamage: 1.25 });
    await openLeaderboard(ok(board([entry(1, 'bob'), entry(2, 'carol')], { you, totalPages: 3, totalPlayers: 60 })));
    const yours = screen.getByTestId('leaderboard-you');
    expect(screen.getByRole('rowgroup', { name: 'Your rank' })).toContainElement(yours);
    expect(cells(yours)).toEqual(['57', `${PLAYER} (You)`, '3', '4,500', '1,250']);
    expect(yours).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByTestId(`leaderboard-row-${PLAYER}`)).not.toBeInTheDocument();
  });

  it('shows no own row when the player is not on the board', async () => {
    await openLeaderboard(ok(board([entry(1, 'bob')], { you: null })));
    expect(row('bob')).toBeInTheDocument();
    expect(screen.queryByTestId('leaderboard-you')).not.toBeInTheDocument();
    expect(screen.queryByText('(You)')).not.toBeInTheDocument();
  });
});
