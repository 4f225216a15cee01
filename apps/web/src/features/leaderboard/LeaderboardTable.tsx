import type { LeaderboardEntry } from '@runik/contract';
import { LeaderboardTexts } from './leaderboard-texts';
import { LeaderboardRow } from './LeaderboardRow';

interface LeaderboardTableProps {
  caption: string;
  rows: LeaderboardEntry[];
  /** The viewer's own entry, wherever it ranks; null when they have none on this board. */
  you: LeaderboardEntry | null;
  username: string | null;
}

const COLUMNS = ['Rank', 'Username', 'City Hall Level', 'Army Power', 'Total Damage'] as const;

/**
 * The page's rows (spec section 2). The viewer's row is highlighted; when it is on another page
 * it is shown once more under the table.
 */
export function LeaderboardTable({ caption, rows, you, username }: LeaderboardTableProps) {
  const isYou = (entry: LeaderboardEntry) => username !== null && entry.hiveUsername === username;
  const youOnPage = rows.some(isYou);
  return (
    <div className="leaderboard-table__frame panel">
      <table className="leaderboard-table">
        <caption className="leaderboard-table__caption">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((entry) => (
            <LeaderboardRow key={entry.hiveUsername} entry={entry} isYou={isYou(entry)} testId={`leaderboard-row-${entry.hiveUsername}`} />
          ))}
        </tbody>
        {you && !youOnPage && (
          <tfoot className="leaderboard-table__you" aria-label={LeaderboardTexts.yourRank}>
            <LeaderboardRow entry={you} isYou testId="leaderboard-you" />
          </tfoot>
        )}
      </table>
    </div>
  );
}
