import {
  COMMANDER_GEAR_TYPES,
  GEAR_TYPES,
  MAYOR_GEAR_TYPES,
  type GearCategory,
  type GearRarity,
  type GearType,
  type MarketplaceSort,
} from '@runik/rules';

/** What the Marketplace tab asks for: filters ('all' sends nothing), sort and page. */
export interface MarketplaceFilter {
  category: GearCategory | 'all';
  type: GearType | 'all';
  rarity: GearRarity | 'all';
  sortBy: MarketplaceSort;
  page: number;
}

export const DEFAULT_MARKETPLACE_FILTER: MarketplaceFilter = { category: 'all', type: 'all', rarity: 'all', sortBy: 'newest', page: 1 };

export const SORT_LABELS: Record<MarketplaceSort, string> = {
  newest: 'Newest',
  oldest: 'Oldest',
  priceAsc: 'Price: Low to High',
  priceDesc: 'Price: High to Low',
  rarity: 'Rarity',
};

/** The types a category offers in the Type filter. */
export function typesOf(category: MarketplaceFilter['category']): readonly GearType[] {
  if (category === 'commander') return COMMANDER_GEAR_TYPES;
  if (category === 'mayor') return MAYOR_GEAR_TYPES;
  return GEAR_TYPES;
}

/**
 * The filter after one of its fields changed: any change but the page starts again at
 * page 1, and a new category keeps the type only when it still offers it.
 */
export function changeFilter(filter: MarketplaceFilter, change: Partial<Omit<MarketplaceFilter, 'page'>>): MarketplaceFilter {
  const next = { ...filter, ...change, page: 1 };
  if (next.type !== 'all' && !typesOf(next.category).includes(next.type)) next.type = 'all';
  return next;
}

/** The query of GET /api/p2p/marketplace; `excludeUser` as the spec sends it (section 6). */
export function marketplaceQuery(filter: MarketplaceFilter, username: string) {
  const set = <T extends string>(value: T | 'all') => (value === 'all' ? undefined : value);
  return {
    category: set(filter.category),
    type: set(filter.type),
    rarity: set(filter.rarity),
    sortBy: filter.sortBy,
    excludeUser: username,
    page: filter.page,
  };
}
