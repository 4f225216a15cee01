import type { UnitKey } from '@runik/rules';
import Swordman from '~icons/game-icons/swordman';
import Bowman from '~icons/game-icons/bowman';
import MountedKnight from '~icons/game-icons/mounted-knight';
import { GameIcon, type GameIconProps, type IconComponent } from './GameIcon';

export const UNIT_ICONS: Record<UnitKey, IconComponent> = { infantry: Swordman, archers: Bowman, cavalries: MountedKnight };

/** Infantry, archers or cavalry. */
export function UnitIcon({ unit, ...props }: GameIconProps & { unit: UnitKey }) {
  return <GameIcon icon={UNIT_ICONS[unit]} {...props} />;
}
