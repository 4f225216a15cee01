import TrophyCup from '~icons/game-icons/trophy-cup';
import { GameIcon, type GameIconProps } from './GameIcon';

export type MedalRank = 1 | 2 | 3;

/** Ranks 1 to 3 get gold, silver and bronze trophies (spec section 2); the rank number beside it tells them apart too. */
export const MEDAL_TONES: Record<MedalRank, 'gold' | 'silver' | 'bronze'> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

export function isMedalRank(rank: number): rank is MedalRank {
  return rank in MEDAL_TONES;
}

/** The trophy of a podium rank, in its metal's colour. */
export function MedalIcon({ rank, className, ...props }: GameIconProps & { rank: MedalRank }) {
  const tone = `medal-icon--${MEDAL_TONES[rank]}`;
  return <GameIcon icon={TrophyCup} className={className ? `${tone} ${className}` : tone} {...props} />;
}
