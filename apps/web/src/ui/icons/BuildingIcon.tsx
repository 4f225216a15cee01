import { CITY_HALL_KEY, type BuildingKey } from '@runik/rules';
import Farmer from '~icons/game-icons/farmer';
import Barn from '~icons/game-icons/barn';
import Granary from '~icons/game-icons/granary';
import Windmill from '~icons/game-icons/windmill';
import AxeInLog from '~icons/game-icons/axe-in-log';
import WoodCabin from '~icons/game-icons/wood-cabin';
import PackedPlanks from '~icons/game-icons/packed-planks';
import WaterMill from '~icons/game-icons/water-mill';
import StonePile from '~icons/game-icons/stone-pile';
import StoneCrafting from '~icons/game-icons/stone-crafting';
import StoneWall from '~icons/game-icons/stone-wall';
import StoneTower from '~icons/game-icons/stone-tower';
import WarPick from '~icons/game-icons/war-pick';
import Miner from '~icons/game-icons/miner';
import MineWagon from '~icons/game-icons/mine-wagon';
import GoldMine from '~icons/game-icons/gold-mine';
import BarracksTent from '~icons/game-icons/barracks-tent';
import Barracks from '~icons/game-icons/barracks';
import MedievalBarracks from '~icons/game-icons/medieval-barracks';
import MilitaryFort from '~icons/game-icons/military-fort';
import ArcheryTarget from '~icons/game-icons/archery-target';
import BowArrow from '~icons/game-icons/bow-arrow';
import Watchtower from '~icons/game-icons/watchtower';
import GuardedTower from '~icons/game-icons/guarded-tower';
import Horseshoe from '~icons/game-icons/horseshoe';
import HorseHead from '~icons/game-icons/horse-head';
import Stable from '~icons/game-icons/stable';
import KnightBanner from '~icons/game-icons/knight-banner';
import Hut from '~icons/game-icons/hut';
import House from '~icons/game-icons/house';
import Castle from '~icons/game-icons/castle';
import ElvenCastle from '~icons/game-icons/elven-castle';
import { GameIcon, type GameIconProps, type IconComponent } from './GameIcon';

type CityBuilding = BuildingKey | typeof CITY_HALL_KEY;
/** One drawing per tier: levels 1-4, 5-9, 10-19, then 20 and above. */
type TierIcons = readonly [IconComponent, IconComponent, IconComponent, IconComponent];

/** First level of tiers 2, 3 and 4: a building looks grander every few levels. */
export const BUILDING_TIER_STARTS = [5, 10, 20] as const;

export const BUILDING_ICONS: Record<CityBuilding, TierIcons> = {
  ch: [Hut, House, Castle, ElvenCastle],
  wheat: [Farmer, Barn, Granary, Windmill],
  lumber: [AxeInLog, WoodCabin, PackedPlanks, WaterMill],
  stone: [StonePile, StoneCrafting, StoneWall, StoneTower],
  ore: [WarPick, Miner, MineWagon, GoldMine],
  quarters: [BarracksTent, Barracks, MedievalBarracks, MilitaryFort],
  archery: [ArcheryTarget, BowArrow, Watchtower, GuardedTower],
  stables: [Horseshoe, HorseHead, Stable, KnightBanner],
};

/** 0 to 3; a locked building (level 0) looks like its first tier. */
export function buildingTier(level: number): number {
  return BUILDING_TIER_STARTS.filter((start) => level >= start).length;
}

/** A city building (or City Hall, key 'ch') as it looks at `level`. */
export function BuildingIcon({ building, level, ...props }: GameIconProps & { building: CityBuilding; level: number }) {
  return <GameIcon icon={BUILDING_ICONS[building][buildingTier(level)]} {...props} />;
}
