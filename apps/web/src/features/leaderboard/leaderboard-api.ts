import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRoutes, LeaderboardMessages, type LeaderboardFilter, type LeaderboardResponse, type SeasonsResponse } from '@runik/contract';
import { httpClient, responseData } from '../../api/http-client';
import { UserFacingError } from '../../shared/errors';
import { leaderboardFailureMessage, readLeaderboardResponse } from './leaderboard-response';

export interface LeaderboardRequest {
  filter: LeaderboardFilter;
  /** Only with the Abyss Season filter; without it the server shows the current season. */
  seasonId?: number;
  page: number;
  /** Whose row the server returns as `you`. */
  hiveUsername?: string;
}

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: ({ filter, seasonId, page, hiveUsername }: LeaderboardRequest) =>
    ['leaderboard', 'board', filter, seasonId ?? null, page, hiveUsername ?? null] as const,
  seasons: ['leaderboard', 'seasons'] as const,
};

/**
 * GET /api/leaderboard/leaderboard with the spec's cache-busting `t` (section 7), its body checked (section 5): the one
 * call that reads the whole response, not responseData's body alone, since an HTML page in place of JSON has its own message.
 */
async function fetchLeaderboard(request: LeaderboardRequest): Promise<LeaderboardResponse> {
  let response;
  try {
    response = await httpClient.get<unknown>(ApiRoutes.leaderboard({ ...request, t: Date.now() }));
  } catch (error) {
    throw new UserFacingError(leaderboardFailureMessage(error), { cause: error });
  }
  return readLeaderboardResponse(response, request.page);
}

async function fetchSeasons(): Promise<SeasonsResponse['seasons']> {
  const data = await responseData(httpClient.get<SeasonsResponse>(ApiRoutes.seasons));
  return Array.isArray(data?.seasons) ? data.seasons : [];
}

/**
 * One page of a leaderboard. While another page of the same board loads, the page shown stays;
 * a new filter or season shows the loading state instead of another board's rows.
 */
export function useLeaderboard(request: LeaderboardRequest, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: leaderboardKeys.board(request),
    queryFn: () => fetchLeaderboard(request),
    enabled,
    placeholderData: (previous, previousQuery) => {
      const [, , filter, seasonId] = previousQuery?.queryKey ?? [];
      return filter === request.filter && seasonId === (request.seasonId ?? null) ? previous : undefined;
    },
  });
}

/** The Abyss seasons, loaded once the Abyss Season filter is chosen; a failure is only logged (spec section 8). */
export function useSeasons({ enabled }: { enabled: boolean }) {
  const seasons = useQuery({ queryKey: leaderboardKeys.seasons, queryFn: fetchSeasons, enabled });
  const { error } = seasons;
  useEffect(() => {
    if (error) console.error(LeaderboardMessages.failedSeasons, error);
  }, [error]);
  return seasons;
}
