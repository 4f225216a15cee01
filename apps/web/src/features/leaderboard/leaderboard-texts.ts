import type { LeaderboardFilter } from '@runik/contract';

/** Texts of this screen that the spec leaves to us; the spec's own are LeaderboardMessages in the contract. */
export const LeaderboardTexts = {
  title: 'Leaderboards',
  loading: 'Loading leaderboard...',
  error: (message: string) => `Error: ${message}`,
  networkError: 'Network error',
  you: '(You)',
  yourRank: 'Your rank',
  currentSeason: (label: string) => `${label} (Current)`,
  seasonEndsIn: (label: string) => `${label} ends in`,
  seasonEnded: (label: string) => `${label} has ended`,
  endsAt: (date: string) => `Ends ${date} (Manila time)`,
  showing: (first: number, last: number, total: number) => `Showing ${first}-${last} of ${total} players`,
} as const;

/** The three filter buttons, in the spec's order (section 2). */
export const FILTER_LABELS: Record<LeaderboardFilter, string> = {
  chLevel: 'City Hall Level',
  armyPower: 'Army Power',
  abyssSeason: 'Abyss Season',
};

/** Trophies of ranks 1 to 3 (spec section 2), with the names a screen reader reads. */
export const TROPHIES: Readonly<Record<number, { icon: string; name: string; tone: string }>> = {
  1: { icon: '🥇', name: 'Gold trophy', tone: 'gold' },
  2: { icon: '🥈', name: 'Silver trophy', tone: 'silver' },
  3: { icon: '🥉', name: 'Bronze trophy', tone: 'bronze' },
};
