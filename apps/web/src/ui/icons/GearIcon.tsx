import type { GearRarity, GearType } from '@runik/rules';
import Broadsword from '~icons/game-icons/broadsword';
import PocketBow from '~icons/game-icons/pocket-bow';
import BarbedSpear from '~icons/game-icons/barbed-spear';
import Sickle from '~icons/game-icons/sickle';
import WoodAxe from '~icons/game-icons/wood-axe';
import StoneAxe from '~icons/game-icons/stone-axe';
import MiningHelmet from '~icons/game-icons/mining-helmet';
import { GameIcon, type GameIconProps, type IconComponent } from './GameIcon';

/** Commander gear is a weapon of its troop; mayor gear a tool of its resource. */
export const GEAR_ICONS: Record<GearType, IconComponent> = {
  infantry: Broadsword,
  archer: PocketBow,
  cavalry: BarbedSpear,
  wheat: Sickle,
  lumber: WoodAxe,
  stone: StoneAxe,
  ore: MiningHelmet,
};

/** Frame class per rarity: its colour comes from the theme's rarity tokens. */
export const RARITY_FRAMES: Record<GearRarity, string> = {
  common: 'game-icon-frame--common',
  rare: 'game-icon-frame--rare',
  epic: 'game-icon-frame--epic',
  legendary: 'game-icon-frame--legendary',
  mythical: 'game-icon-frame--mythical',
};

/** A gear type's drawing on the text line (a slot's title). */
export function GearTypeIcon({ type, ...props }: GameIconProps & { type: GearType }) {
  return <GameIcon icon={GEAR_ICONS[type]} {...props} />;
}

/** A gear tile's picture: its type's drawing in a frame of its rarity's colour; small on a pack's cards. */
export function GearIcon({
  type,
  rarity,
  small = false,
  ...props
}: GameIconProps & { type: GearType; rarity: GearRarity; small?: boolean }) {
  return (
    <span className={`game-icon-frame ${RARITY_FRAMES[rarity]}${small ? ' game-icon-frame--small' : ''}`}>
      <GearTypeIcon type={type} {...props} />
    </span>
  );
}
