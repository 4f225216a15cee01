import { TROPHIES } from './leaderboard-texts';

/** A rank; 1 to 3 also get their gold, silver or bronze trophy (spec section 2). */
export function RankBadge({ rank }: { rank: number }) {
  const trophy = TROPHIES[rank];
  return (
    <span className="leaderboard-rank">
      {trophy && (
        <>
          <span role="img" aria-label={trophy.name} className={`leaderboard-trophy leaderboard-trophy--${trophy.tone}`}>
            {trophy.icon}
          </span>{' '}
        </>
      )}
      <span className="leaderboard-rank__number">{rank}</span>
    </span>
  );
}
