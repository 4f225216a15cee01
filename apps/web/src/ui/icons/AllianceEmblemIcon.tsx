import type { AllianceIcon } from '@runik/rules';
import Shield from '~icons/game-icons/shield';
import CrossedSwords from '~icons/game-icons/crossed-swords';
import SeaDragon from '~icons/game-icons/sea-dragon';
import DragonHead from '~icons/game-icons/dragon-head';
import Fire from '~icons/game-icons/fire';
import PowerLightning from '~icons/game-icons/power-lightning';
import LightningStorm from '~icons/game-icons/lightning-storm';
import Crown from '~icons/game-icons/crown';
import SkullCrossedBones from '~icons/game-icons/skull-crossed-bones';
import Castle from '~icons/game-icons/castle';
import WolfHead from '~icons/game-icons/wolf-head';
import Lion from '~icons/game-icons/lion';
import TigerHead from '~icons/game-icons/tiger-head';
import BearHead from '~icons/game-icons/bear-head';
import EagleEmblem from '~icons/game-icons/eagle-emblem';
import SwordsPower from '~icons/game-icons/swords-power';
import { GameIcon, type GameIconProps, type IconComponent } from './GameIcon';

/** The spec's 16 alliance icons ('bolt' is Lightning, 'lightning' is Thunder). */
export const ALLIANCE_EMBLEMS: Record<AllianceIcon, IconComponent> = {
  shield: Shield,
  swords: CrossedSwords,
  dragon: SeaDragon,
  dragonHead: DragonHead,
  fire: Fire,
  bolt: PowerLightning,
  lightning: LightningStorm,
  crown: Crown,
  skull: SkullCrossedBones,
  castle: Castle,
  wolf: WolfHead,
  lion: Lion,
  tiger: TigerHead,
  bear: BearHead,
  eagle: EagleEmblem,
  swordsPower: SwordsPower,
};

/** An alliance's emblem; unknown ids (older data) show the default shield. */
export function AllianceEmblemIcon({ emblem, ...props }: GameIconProps & { emblem: AllianceIcon }) {
  return <GameIcon icon={ALLIANCE_EMBLEMS[emblem] ?? Shield} {...props} />;
}
