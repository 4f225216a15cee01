import { COMMANDER_GEAR_TYPES, GEAR_TYPES, MAYOR_GEAR_TYPES, type GearCategory, type GearRarity, type GearType } from '@runik/rules';

/** Category, type and rarity, each 'all' or one of the gear vocabulary (spec section 9). */
export interface GearVocabularyFilter {
  category: GearCategory | 'all';
  type: GearType | 'all';
  rarity: GearRarity | 'all';
}

/** The types a category offers in the Type filter. */
export function typesOf(category: GearVocabularyFilter['category']): readonly GearType[] {
  if (category === 'commander') return COMMANDER_GEAR_TYPES;
  if (category === 'mayor') return MAYOR_GEAR_TYPES;
  return GEAR_TYPES;
}

/** A filter after a change: a new category keeps the type only when it still offers it. */
export function withVocabulary<F extends GearVocabularyFilter>(filter: F, change: Partial<GearVocabularyFilter>): F {
  const next = { ...filter, ...change };
  if (next.type !== 'all' && !typesOf(next.category).includes(next.type)) next.type = 'all';
  return next;
}
