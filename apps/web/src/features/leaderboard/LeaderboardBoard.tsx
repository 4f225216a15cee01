import type { UseQueryResult } from '@tanstack/react-query';
import { LeaderboardMessages, type LeaderboardResponse } from '@runik/contract';
import { StatePanel } from '../../ui/StatePanel';
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
    return board.isError ? (
      <StatePanel error onRetry={() => void board.refetch()} retrying={board.isFetching} retryLabel="Retry" testId="leaderboard-error">
        {LeaderboardTexts.error(board.error.message)}
      </StatePanel>
    ) : (
      <StatePanel>{LeaderboardTexts.loading}</StatePanel>
    );
  }
  if (data.leaderboard.length === 0) return <StatePanel testId="leaderboard-empty">{LeaderboardMessages.empty}</StatePanel>;
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
