import ThroneKing from '~icons/game-icons/throne-king';
import Padlock from '~icons/game-icons/padlock';
import CrossedSwords from '~icons/game-icons/crossed-swords';
import CrossMark from '~icons/game-icons/cross-mark';
import { GameIcon, type GameIconProps } from './GameIcon';

/** Single drawings that are not part of a keyed family. */
export function ThroneIcon(props: GameIconProps) {
  return <GameIcon icon={ThroneKing} {...props} />;
}

export function LockIcon(props: GameIconProps) {
  return <GameIcon icon={Padlock} {...props} />;
}

/** The cross before a refusal (the spec's alliance errors). */
export function CrossIcon(props: GameIconProps) {
  return <GameIcon icon={CrossMark} {...props} />;
}

/** "to" between a value before and after (levels, hit points): drawn, as the game's fonts have no arrow. */
export function ToArrow() {
  return (
    <svg className="to-arrow" viewBox="0 0 16 10" role="img" aria-label="to">
      <path d="M1 5h13M10 1l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Beside an attack button or title. */
export function AttackIcon(props: GameIconProps) {
  return <GameIcon icon={CrossedSwords} {...props} />;
}
