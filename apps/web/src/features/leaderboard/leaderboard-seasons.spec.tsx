import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, LeaderboardMessages, type SeasonListEntry } from '@runik/contract';
import { advance } from '../../testing/city-fixtures';
import { board, boardUrl, entry, openLeaderboard, ok, row, season, urlsAskedFor } from './leaderboard-fixtures';

const filterButton = (name: string) => within(screen.getByRole('group', { name: 'Leaderboard' })).getByRole('button', { name });

/** The seasonInfo the server sends with a season's board. */
const infoOf = ({ seasonId, label, endDate }: SeasonListEntry) => ({ seasonId, label, endDate });

const SEASONS = [
  season(1, { label: 'Season 1', endDate: '2026-11-02T00:00:00.000Z' }),
  season(2, { label: 'Season 2', isActive: true, endDate: '2026-11-16T00:00:00.000Z' }),
  season(3, { label: 'Season 3', endDate: '2026-11-30T00:00:00.000Z' }),
];

describe('the Abyss Season board', () => {
  it('loads the seasons, picks the active one, marked (Current), and asks for its board', async () => {
    const { api, user } = await openLeaderboard();
    api
      .on('GET', ApiRoutes.seasons, ok({ seasons: SEASONS }))
      .on('GET', boardUrl('abyssSeason', { seasonId: 2 }), ok(board([entry(1, 'diver', { totalDamage: 4321.5 })])));
    await user.click(filterButton('Abyss Season'));
    expect(await screen.findByTestId('leaderboard-row-diver')).toBeInTheDocument();
    expect(filterButton('Abyss Season')).toHaveAttribute('aria-pressed', 'true');

    const select = screen.getByLabelText('Season');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Season 1', 'Season 2 (Current)', 'Season 3']);
    expect(select).toHaveValue('2');
    expect(screen.getByRole('option', { name: 'Season 2 (Current)' })).toHaveProperty('selected', true);
    expect(row('diver')).toHaveTextContent('4,321,500');
    // The board waited for the seasons: it was never asked for without one.
    expect(urlsAskedFor(api)).toEqual([boardUrl('chLevel'), ApiRoutes.seasons, boardUrl('abyssSeason', { seasonId: 2 })]);
  });

  it('asks for another season’s board when one is chosen, from page 1', async () => {
    const { api, user } = await openLeaderboard();
    api
      .on('GET', ApiRoutes.seasons, ok({ seasons: SEASONS }))
      .on('GET', boardUrl('abyssSeason', { seasonId: 2 }), ok(board([entry(1, 'diver')], { totalPages: 2, totalPlayers: 30 })))
      .on(
        'GET',
        boardUrl('abyssSeason', { seasonId: 2, page: 2 }),
        ok(board([entry(26, 'deep')], { page: 2, totalPages: 2, totalPlayers: 30 })),
      )
      .on('GET', boardUrl('abyssSeason', { seasonId: 1 }), ok(board([entry(1, 'veteran')], { seasonInfo: infoOf(SEASONS[0]) })));
    await user.click(filterButton('Abyss Season'));
    await screen.findByTestId('leaderboard-row-diver');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('leaderboard-row-deep');

    await user.selectOptions(screen.getByLabelText('Season'), 'Season 1');
    expect(await screen.findByTestId('leaderboard-row-veteran')).toBeInTheDocument();
    expect(screen.getByLabelText('Season')).toHaveValue('1');
    expect(api.requests.at(-1)?.url).toBe(boardUrl('abyssSeason', { seasonId: 1 }));
    // A finished season has no time left.
    expect(screen.getByTestId('season-countdown')).toHaveTextContent('Season 1 has ended');
  });

  it('only logs a failed season list, and shows the current season’s board without a dropdown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api, user } = await openLeaderboard();
    api
      .on('GET', ApiRoutes.seasons, { status: 500, data: { error: 'Database unavailable' } })
      .on('GET', boardUrl('abyssSeason'), ok(board([entry(1, 'diver')])));
    await user.click(filterButton('Abyss Season'));
    expect(await screen.findByTestId('leaderboard-row-diver')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(LeaderboardMessages.failedSeasons, expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch seasons/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Season')).not.toBeInTheDocument();
    expect(api.requests.at(-1)?.url).toBe(boardUrl('abyssSeason'));
  });
});

describe('the season countdown', () => {
  // NOW is 12:00 on 10 November in Manila; season 2 ends at 08:00 on 16 November in Manila.
  it('counts down to the season’s end each second and shows the end on the Manila clock', async () => {
    const { api } = await openLeaderboard(undefined, { ticking: true });
    api
      .on('GET', ApiRoutes.seasons, ok({ seasons: SEASONS }))
      .on('GET', boardUrl('abyssSeason', { seasonId: 2 }), ok(board([entry(1, 'diver')], { seasonInfo: infoOf(SEASONS[1]) })));
    fireEvent.click(filterButton('Abyss Season'));
    expect(await screen.findByTestId('leaderboard-row-diver')).toBeInTheDocument();

    expect(screen.getByTestId('season-countdown')).toHaveTextContent('Season 2 ends in 5d 20h 00m 00s');
    expect(screen.getByRole('timer')).toHaveTextContent(/^5d 20h 00m 00s$/);
    expect(screen.getByTestId('season-end-date')).toHaveTextContent(/^Ends Nov 16, 2026, 08:00 \(Manila time\)$/);

    await advance(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent(/^5d 19h 59m 59s$/);
    await advance(61_000);
    expect(screen.getByRole('timer')).toHaveTextContent(/^5d 19h 58m 58s$/);
  });

  it('says the season has ended once its end passes', async () => {
    const { api } = await openLeaderboard(undefined, { ticking: true });
    const endDate = new Date(Date.now() + 2_000).toISOString();
    api
      .on('GET', ApiRoutes.seasons, ok({ seasons: [season(7, { label: 'Season 7', isActive: true, endDate })] }))
      .on('GET', boardUrl('abyssSeason', { seasonId: 7 }), ok(board([entry(1, 'diver')])));
    fireEvent.click(filterButton('Abyss Season'));
    await screen.findByTestId('leaderboard-row-diver');
    expect(screen.getByRole('timer')).toHaveTextContent(/^0d 00h 00m 02s$/);

    await advance(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent(/^0d 00h 00m 01s$/);
    await advance(1_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByTestId('season-countdown')).toHaveTextContent('Season 7 has ended');
    expect(screen.getByTestId('season-end-date')).toHaveTextContent('Ends Nov 10, 2026, 12:00 (Manila time)');
  });
});
