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

/** Beside an attack button or title. */
export function AttackIcon(props: GameIconProps) {
  return <GameIcon icon={CrossedSwords} {...props} />;
}
