import Ogre from '~icons/game-icons/ogre';
import DaemonSkull from '~icons/game-icons/daemon-skull';
import SpikedDragonHead from '~icons/game-icons/spiked-dragon-head';
import Scorpion from '~icons/game-icons/scorpion';
import SpiderFace from '~icons/game-icons/spider-face';
import Hydra from '~icons/game-icons/hydra';
import Cyclops from '~icons/game-icons/cyclops';
import EvilBat from '~icons/game-icons/evil-bat';
import Werewolf from '~icons/game-icons/werewolf';
import Wyvern from '~icons/game-icons/wyvern';
import Minotaur from '~icons/game-icons/minotaur';
import RockGolem from '~icons/game-icons/rock-golem';
import { GameIcon, type GameIconProps, type IconComponent } from './GameIcon';

/** The spec's 12 boss images (section 9), image 1 first: each a different creature. */
export const BOSS_ICONS = [
  Ogre,
  DaemonSkull,
  SpikedDragonHead,
  Scorpion,
  SpiderFace,
  Hydra,
  Cyclops,
  EvilBat,
  Werewolf,
  Wyvern,
  Minotaur,
  RockGolem,
] as const satisfies readonly IconComponent[];

/** Boss image 1 to 12 (libs/rules bossImage gives a floor's). */
export function BossIcon({ image, ...props }: GameIconProps & { image: number }) {
  return <GameIcon icon={BOSS_ICONS[image - 1]} {...props} />;
}
