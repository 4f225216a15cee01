import { isMedalRank, MedalIcon } from '../../ui/icons/MedalIcon';
import { TROPHY_NAMES } from './leaderboard-texts';

/** A rank; 1 to 3 also get their gold, silver or bronze trophy (spec section 2). */
export function RankBadge({ rank }: { rank: number }) {
  return (
    <span className="leaderboard-rank">
      {isMedalRank(rank) && (
        <>
          <MedalIcon rank={rank} label={TROPHY_NAMES[rank]} className="leaderboard-trophy" />{' '}
        </>
      )}
      <span className="leaderboard-rank__number">{rank}</span>
    </span>
  );
}
