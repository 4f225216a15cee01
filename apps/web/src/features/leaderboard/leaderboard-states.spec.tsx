import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeaderboardMessages } from '@runik/contract';
import { never } from '../../testing/fake-api';
import { board, boardUrl, entry, openLeaderboard, ok, renderLeaderboard, row } from './leaderboard-fixtures';
import { readLeaderboardResponse } from './leaderboard-response';

const HTML_PAGE = '<!doctype html><html><body>Bad gateway</body></html>';

function errorPanel(): HTMLElement {
  return screen.getByTestId('leaderboard-error');
}

describe('the leaderboard’s states', () => {
  it('says it is loading until the board arrives', async () => {
    const { api } = renderLeaderboard(() => never());
    expect(screen.getByText('Loading leaderboard...')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(api.callsTo(boardUrl('chLevel'))).toHaveLength(1));
    expect(screen.getByText('Loading leaderboard...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the loading state, not the previous board, while another filter loads', async () => {
    const { api, user } = await openLeaderboard(ok(board([entry(1, 'bob')])));
    api.on('GET', boardUrl('armyPower'), () => never());
    await user.click(screen.getByRole('button', { name: 'Army Power' }));
    expect(screen.getByText('Loading leaderboard...')).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('leaderboard-row-bob')).not.toBeInTheDocument();
  });

  it.each([
    ['an HTML page', { status: 200, data: HTML_PAGE }, LeaderboardMessages.htmlInsteadOfJson],
    ['a body without a leaderboard list', { status: 200, data: { players: [] } }, LeaderboardMessages.invalidFormat],
    ['a leaderboard that is not a list', { status: 200, data: { leaderboard: 'none' } }, LeaderboardMessages.invalidFormat],
    ['an HTTP error without an error text', { status: 502, data: HTML_PAGE }, 'HTTP 502'],
    ['an HTTP error without a body', { status: 500 }, 'HTTP 500'],
    ['the server’s error text', { status: 400, data: { error: LeaderboardMessages.invalidSeason } }, LeaderboardMessages.invalidSeason],
  ])('shows %s as an error, and Retry asks again', async (_, response, message) => {
    const { api, user } = await openLeaderboard(response);
    expect(errorPanel()).toHaveTextContent(`Error: ${message}`);
    expect(errorPanel()).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    api.on('GET', boardUrl('chLevel'), ok(board([entry(1, 'bob')])));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('leaderboard-row-bob')).toBeInTheDocument();
    expect(api.callsTo(boardUrl('chLevel'))).toHaveLength(2);
    expect(screen.queryByTestId('leaderboard-error')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the new error, with Retry again, when the retry fails as well', async () => {
    const { api, user } = await openLeaderboard({ status: 503, data: {} });
    expect(errorPanel()).toHaveTextContent(/^Error: HTTP 503$/);
    api.on('GET', boardUrl('chLevel'), { status: 500, data: { error: 'Still down' } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(errorPanel()).toHaveTextContent(/^Error: Still down$/));
    expect(api.callsTo(boardUrl('chLevel'))).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('says so when the board is empty, without a table or pages', async () => {
    await openLeaderboard(ok(board([], { totalPages: 0, totalPlayers: 0 })));
    expect(screen.getByTestId('leaderboard-empty')).toHaveTextContent(/^No leaderboard data available\.$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Leaderboard pages' })).not.toBeInTheDocument();
  });

  it('reads a board whose paging fields are missing as one page', async () => {
    await openLeaderboard(ok({ leaderboard: [entry(1, 'bob'), entry(2, 'carol')] }));
    expect(within(row('carol')).getByRole('img', { name: 'Silver trophy' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Leaderboard pages' })).not.toBeInTheDocument();
  });
});

describe('readLeaderboardResponse', () => {
  it('refuses a response whose content type is HTML, whatever its body', () => {
    expect(() =>
      readLeaderboardResponse({ data: { leaderboard: [] }, headers: { 'content-type': 'text/html; charset=utf-8' } }, 1),
    ).toThrow(LeaderboardMessages.htmlInsteadOfJson);
  });

  it('refuses a body that starts with <, even after white space', () => {
    expect(() => readLeaderboardResponse({ data: '\n  <html></html>', headers: { 'content-type': 'application/json' } }, 1)).toThrow(
      LeaderboardMessages.htmlInsteadOfJson,
    );
  });

  it('refuses JSON without a leaderboard list, including null', () => {
    expect(() => readLeaderboardResponse({ data: null }, 1)).toThrow(LeaderboardMessages.invalidFormat);
    expect(() => readLeaderboardResponse({ data: 'plain text' }, 1)).toThrow(LeaderboardMessages.invalidFormat);
  });

  it('keeps a valid board as it is', () => {
    const seasonInfo = { seasonId: 3, label: 'Season 3', endDate: '2026-12-14T00:00:00.000Z' };
    const data = board([entry(1, 'bob')], { page: 2, totalPages: 4, totalPlayers: 80, seasonInfo });
    expect(readLeaderboardResponse({ data, headers: { 'content-type': 'application/json' } }, 2)).toEqual(data);
  });
});
