import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { GAME_DAY_RESET_HOUR, GAME_TIME_ZONE } from '../calendar/game-day';

/** Abyss seasons: 14 days each, back to back from the first, starting at 08:00 in Manila (docs/citadel.md). */
export const SEASON_LENGTH_DAYS = 14;
export const FIRST_SEASON_START = new TZDate(2026, 10, 2, GAME_DAY_RESET_HOUR, 0, 0, GAME_TIME_ZONE).getTime();

export interface Season {
  seasonId: number;
  label: string;
  startsAt: Date;
  endsAt: Date;
}

export function season(seasonId: number): Season {
  const start = addDays(new TZDate(FIRST_SEASON_START, GAME_TIME_ZONE), (seasonId - 1) * SEASON_LENGTH_DAYS);
  return {
    seasonId,
    label: `Season ${seasonId}`,
    startsAt: new Date(start.getTime()),
    endsAt: new Date(addDays(start, SEASON_LENGTH_DAYS).getTime()),
  };
}

/** The season an instant falls in (season 1 covers everything before the first start). */
export function seasonAt(ms: number): Season {
  let seasonId = Math.max(1, Math.floor((ms - FIRST_SEASON_START) / (SEASON_LENGTH_DAYS * 86_400_000)) + 1);
  while (season(seasonId).endsAt.getTime() <= ms) seasonId += 1;
  return season(seasonId);
}

/** Leaderboard rows a page (spec, section 2). */
export const LEADERBOARD_PAGE_SIZE = 25;
