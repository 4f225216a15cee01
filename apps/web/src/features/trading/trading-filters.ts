import type { MarketplaceSort } from '@runik/rules';
import { withVocabulary, type GearVocabularyFilter } from '../../shared/gear/gear-vocabulary-filter';

/** What the Marketplace tab asks for: filters ('all' sends nothing), sort and page. */
export interface MarketplaceFilter extends GearVocabularyFilter {
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

/**
 * The filter after one of its fields changed: any change but the page starts again at
 * page 1, and a new category keeps the type only when it still offers it.
 */
export function changeFilter(filter: MarketplaceFilter, change: Partial<Omit<MarketplaceFilter, 'page'>>): MarketplaceFilter {
  return withVocabulary({ ...filter, ...change, page: 1 }, {});
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
