import type { LeaderboardFilter } from '@runik/contract';
import type { MedalRank } from '../../ui/icons/MedalIcon';

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

/** Names a screen reader reads for the trophies of ranks 1 to 3 (spec section 2); ui/icons' MedalIcon draws them. */
export const TROPHY_NAMES: Readonly<Record<MedalRank, string>> = {
  1: 'Gold trophy',
  2: 'Silver trophy',
  3: 'Bronze trophy',
};
