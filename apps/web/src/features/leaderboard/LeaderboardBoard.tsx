import type { UseQueryResult } from '@tanstack/react-query';
import { LeaderboardMessages, type LeaderboardResponse } from '@runik/contract';
import { LeaderboardTexts } from './leaderboard-texts';
import { LeaderboardPager } from './LeaderboardPager';
import { LeaderboardTable } from './LeaderboardTable';

interface LeaderboardBoardProps {
  board: UseQueryResult<LeaderboardResponse>;
  caption: string;
  username: string | null;
  onPage: (page: number) => void;
}

/** The board in its states (spec section 2): loading, error with Retry, empty, or the table and its pages. */
export function LeaderboardBoard({ board, caption, username, onPage }: LeaderboardBoardProps) {
  const { data } = board;
  if (!data) {
    if (board.isError) {
      return (
        <div className="leaderboard-state leaderboard-state--error panel">
          <p role="alert" data-testid="leaderboard-error">
            {LeaderboardTexts.error(board.error.message)}
          </p>
          <button type="button" className="button" disabled={board.isFetching} onClick={() => void board.refetch()}>
            Retry
          </button>
        </div>
      );
    }
    return (
      <p className="leaderboard-state panel" role="status">
        {LeaderboardTexts.loading}
      </p>
    );
  }
  if (data.leaderboard.length === 0) {
    return (
      <p className="leaderboard-state panel" data-testid="leaderboard-empty">
        {LeaderboardMessages.empty}
      </p>
    );
  }
  return (
    <>
      <LeaderboardTable caption={caption} rows={data.leaderboard} you={data.you} username={username} />
      <LeaderboardPager
        page={data.page}
        totalPages={data.totalPages}
        totalPlayers={data.totalPlayers}
        rowsOnPage={data.leaderboard.length}
        busy={board.isPlaceholderData}
        onPage={onPage}
      />
    </>
  );
}
