import type { FloorParticipant, FloorResponse } from '@runik/contract';

/** How much of the damage ranking shows: the top three by default, expandable (spec section 9). */
export type RankingSize = 'top3' | 'top10' | 'all';

export const RANKING_SIZES: readonly { size: RankingSize; label: string }[] = [
  { size: 'top3', label: 'Show top 3' },
  { size: 'top10', label: 'Show top 10' },
  { size: 'all', label: 'Show all' },
];

/** The rows to list; the server's topThreeDealers for the default view, allParticipants (most damage first) otherwise. */
export function visibleParticipants(floor: FloorResponse, size: RankingSize): FloorParticipant[] {
  if (size === 'top3') return floor.topThreeDealers;
  return size === 'top10' ? floor.allParticipants.slice(0, 10) : floor.allParticipants;
}

/** The expanders only mean something when there are more than three to show. */
export function canExpand(floor: FloorResponse): boolean {
  return floor.allParticipants.length > floor.topThreeDealers.length;
}
