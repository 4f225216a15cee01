import { Pager } from '../../ui/Pager';
import { pageRange } from './leaderboard-format';
import { LeaderboardTexts } from './leaderboard-texts';

interface LeaderboardPagerProps {
  page: number;
  totalPages: number;
  totalPlayers: number;
  rowsOnPage: number;
  /** While another page loads, both buttons wait. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** Previous and Next, 'Page X of Y' and 'Showing a-b of n players'; only for a board of more than one page (spec section 2). */
export function LeaderboardPager({ page, totalPages, totalPlayers, rowsOnPage, busy, onPage }: LeaderboardPagerProps) {
  if (totalPages <= 1) return null;
  const { first, last } = pageRange(page, rowsOnPage);
  return (
    <div className="leaderboard-pager">
      <Pager page={page} totalPages={totalPages} onPage={onPage} busy={busy} label="Leaderboard pages" testId="leaderboard-page" />
      <p className="leaderboard-pager__range" data-testid="leaderboard-range">
        {LeaderboardTexts.showing(first, last, totalPlayers)}
      </p>
    </div>
  );
}
