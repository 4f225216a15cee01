import { isAxiosError } from 'axios';
import { LeaderboardMessages, type LeaderboardEntry, type LeaderboardResponse } from '@runik/contract';
import { serverErrorMessage } from '../../api/http-client';
import { UserFacingError } from '../../shared/errors';
import { LeaderboardTexts } from './leaderboard-texts';

/** What the leaderboard call may have answered: a body and its headers, as axios gives them. */
export interface RawResponse {
  data: unknown;
  headers?: unknown;
}

function contentType(headers: unknown): string {
  if (typeof headers !== 'object' || headers === null) return '';
  const value = (headers as Record<string, unknown>)['content-type'] ?? (headers as Record<string, unknown>)['Content-Type'];
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/** An HTML page where JSON was expected (a proxy's or the app's own index page). */
function isHtml({ data, headers }: RawResponse): boolean {
  return contentType(headers).includes('text/html') || (typeof data === 'string' && data.trimStart().startsWith('<'));
}

function hasLeaderboardList(data: unknown): data is Partial<LeaderboardResponse> & { leaderboard: LeaderboardEntry[] } {
  return typeof data === 'object' && data !== null && Array.isArray((data as { leaderboard?: unknown }).leaderboard);
}

/**
 * The leaderboard in a successful response, checked as the spec asks (section 5): JSON, with a
 * leaderboard list; otherwise its messages, thrown. Paging fields the server left out read as
 * one page holding the rows sent.
 */
export function readLeaderboardResponse(response: RawResponse, requestedPage: number): LeaderboardResponse {
  if (isHtml(response)) throw new UserFacingError(LeaderboardMessages.htmlInsteadOfJson);
  const { data } = response;
  if (!hasLeaderboardList(data)) throw new UserFacingError(LeaderboardMessages.invalidFormat);
  return {
    leaderboard: data.leaderboard,
    seasonInfo: data.seasonInfo,
    page: data.page ?? requestedPage,
    totalPages: data.totalPages ?? 1,
    totalPlayers: data.totalPlayers ?? data.leaderboard.length,
    you: data.you ?? null,
  };
}

/**
 * The text after 'Error: ' for a failed call (spec section 8): the server's error text, else
 * 'HTTP {status}'; without any response, the client's own message (the connection failed).
 */
export function leaderboardFailureMessage(error: unknown): string {
  const serverMessage = serverErrorMessage(error);
  if (serverMessage) return serverMessage;
  if (isAxiosError(error) && error.response) return LeaderboardMessages.httpStatus(error.response.status);
  return error instanceof Error && error.message ? error.message : LeaderboardTexts.networkError;
}
