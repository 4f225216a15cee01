import type { LeaderboardEntry } from '@runik/contract';
import { formatPowerPoints } from '@runik/rules';
import { LeaderboardTexts } from './leaderboard-texts';
import { RankBadge } from './RankBadge';

interface LeaderboardRowProps {
  entry: LeaderboardEntry;
  isYou: boolean;
  testId: string;
}

/** One player: rank, name (marked (You) for the viewer), City Hall level, army power and damage. */
export function LeaderboardRow({ entry, isYou, testId }: LeaderboardRowProps) {
  return (
    <tr
      className={`leaderboard-row ${isYou ? 'leaderboard-row--you' : ''} ${entry.rank <= 3 ? `leaderboard-row--top${entry.rank}` : ''}`}
      aria-current={isYou ? 'true' : undefined}
      data-testid={testId}
    >
      <td data-label="Rank">
        <RankBadge rank={entry.rank} />
      </td>
      <td data-label="Username" className="leaderboard-row__name">
        {entry.hiveUsername}
        {isYou && (
          <>
            {' '}
            <span className="leaderboard-row__you">{LeaderboardTexts.you}</span>
          </>
        )}
      </td>
      <td data-label="City Hall Level">{entry.chLevel}</td>
      <td data-label="Army Power">{formatPowerPoints(entry.armyPower)}</td>
      <td data-label="Total Damage">{formatPowerPoints(entry.totalDamage)}</td>
    </tr>
  );
}
