import type { Gear } from '@runik/contract';
import type { GearVocabularyFilter } from '../../shared/gear/gear-vocabulary-filter';

export interface GearFilter extends GearVocabularyFilter {
  /** Off by default: equipped gear is left out (spec section 9). */
  showEquipped: boolean;
}

export const DEFAULT_FILTER: GearFilter = { category: 'all', type: 'all', rarity: 'all', showEquipped: false };

export function filterGears(gears: readonly Gear[], filter: GearFilter): Gear[] {
  return gears.filter(
    (gear) =>
      (filter.showEquipped || !gear.isEquipped) &&
      (filter.category === 'all' || gear.category === filter.category) &&
      (filter.type === 'all' || gear.type === filter.type) &&
      (filter.rarity === 'all' || gear.rarity === filter.rarity),
  );
}
