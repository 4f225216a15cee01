import type { ResourceKey } from '@runik/rules';
import Wheat from '~icons/game-icons/wheat';
import WoodPile from '~icons/game-icons/wood-pile';
import StoneBlock from '~icons/game-icons/stone-block';
import Ore from '~icons/game-icons/ore';
import { GameIcon, type GameIconProps, type IconComponent } from './GameIcon';

export const RESOURCE_ICONS: Record<ResourceKey, IconComponent> = { wheat: Wheat, lumber: WoodPile, stone: StoneBlock, ore: Ore };

/** Wheat, lumber, stone or ore. */
export function ResourceIcon({ resource, ...props }: GameIconProps & { resource: ResourceKey }) {
  return <GameIcon icon={RESOURCE_ICONS[resource]} {...props} />;
}
