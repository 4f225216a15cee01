import { z } from 'zod';
import { hiveUsernameSchema } from '../common/schemas';

export const LEADERBOARD_FILTERS = ['chLevel', 'armyPower', 'abyssSeason'] as const;
export type LeaderboardFilter = (typeof LEADERBOARD_FILTERS)[number];

/** Leaderboard messages: the spec's verbatim where it gives them (sections 2, 5 and 8), ours otherwise. */
export const LeaderboardMessages = {
  unknownFilter: 'Unknown leaderboard filter.',
  invalidPage: 'page must be a whole number of at least 1.',
  invalidSeason: 'Unknown season.',
  // Client texts.
  empty: 'No leaderboard data available.',
  htmlInsteadOfJson: 'Server returned HTML instead of JSON',
  invalidFormat: 'Invalid response format',
  httpStatus: (status: number) => `HTTP ${status}`,
  failedSeasons: 'Failed to fetch seasons',
} as const;

const wholeNumber = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,8}$/, message)
    .transform(Number);

export const leaderboardQuerySchema = z.strictObject({
  filter: z.enum(LEADERBOARD_FILTERS, { error: LeaderboardMessages.unknownFilter }),
  /** The spec's cache-busting timestamp. */
  t: z.string().max(20).optional(),
  seasonId: wholeNumber(LeaderboardMessages.invalidSeason).optional(),
  page: wholeNumber(LeaderboardMessages.invalidPage).optional().default(1),
  /** Whose row to return as `you` (leaderboards are public). */
  hiveUsername: hiveUsernameSchema.optional(),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export interface LeaderboardEntry {
  /** Competition ranking: equal values share a rank (1, 2, 2, 4). */
  rank: number;
  hiveUsername: string;
  chLevel: number;
  armyPower: number;
  /** Damage in the season (abyssSeason), else all-time citadel damage. */
  totalDamage: number;
}

export interface SeasonInfo {
  seasonId: number;
  label: string;
  endDate: string;
}

export interface LeaderboardResponse {
  leaderboard: LeaderboardEntry[];
  seasonInfo?: SeasonInfo;
  page: number;
  totalPages: number;
  totalPlayers: number;
  /** The row of the player named by `hiveUsername`, wherever it is. */
  you: LeaderboardEntry | null;
}

export interface SeasonListEntry {
  seasonId: number;
  label: string;
  isActive: boolean;
  endDate: string;
}

export interface SeasonsResponse {
  seasons: SeasonListEntry[];
}
