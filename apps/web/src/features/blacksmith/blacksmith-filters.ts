import type { Gear } from '@runik/contract';
import { COMMANDER_GEAR_TYPES, GEAR_TYPES, MAYOR_GEAR_TYPES, type GearCategory, type GearRarity, type GearType } from '@runik/rules';

export interface GearFilter {
  category: GearCategory | 'all';
  type: GearType | 'all';
  rarity: GearRarity | 'all';
  /** Off by default: equipped gear is left out (spec section 9). */
  showEquipped: boolean;
}

export const DEFAULT_FILTER: GearFilter = { category: 'all', type: 'all', rarity: 'all', showEquipped: false };

/** The types a category offers in the Type filter. */
export function typesOf(category: GearFilter['category']): readonly GearType[] {
  if (category === 'commander') return COMMANDER_GEAR_TYPES;
  if (category === 'mayor') return MAYOR_GEAR_TYPES;
  return GEAR_TYPES;
}

export function filterGears(gears: readonly Gear[], filter: GearFilter): Gear[] {
  return gears.filter(
    (gear) =>
      (filter.showEquipped || !gear.isEquipped) &&
      (filter.category === 'all' || gear.category === filter.category) &&
      (filter.type === 'all' || gear.type === filter.type) &&
      (filter.rarity === 'all' || gear.rarity === filter.rarity),
  );
}

/** A new category keeps the type only when the category still offers it. */
export function withCategory(filter: GearFilter, category: GearFilter['category']): GearFilter {
  const type = filter.type !== 'all' && typesOf(category).includes(filter.type) ? filter.type : 'all';
  return { ...filter, category, type };
}
