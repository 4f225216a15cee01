import { useId } from 'react';
import { GEAR_CATEGORIES, GEAR_RARITIES, MARKETPLACE_SORTS, type MarketplaceSort } from '@runik/rules';
import { categoryLabel, rarityLabel, slotLabel } from '../gears/gear-format';
import { changeFilter, SORT_LABELS, typesOf, type MarketplaceFilter } from './p2p-filters';

interface MarketplaceFiltersProps {
  filter: MarketplaceFilter;
  onChange: (filter: MarketplaceFilter) => void;
}

/** Category, type (the category's types only), rarity and sort (spec sections 2 and 9). */
export function MarketplaceFilters({ filter, onChange }: MarketplaceFiltersProps) {
  const id = useId();
  const change = (field: keyof Omit<MarketplaceFilter, 'page'>, value: string) =>
    onChange(changeFilter(filter, { [field]: value } as Partial<MarketplaceFilter>));

  return (
    <div className="p2p-filters" role="group" aria-label="Filters">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-category`}>
          Category
        </label>
        <select id={`${id}-category`} className="field__input" value={filter.category} onChange={(event) => change('category', event.target.value)}>
          <option value="all">All</option>
          {GEAR_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-type`}>
          Type
        </label>
        <select id={`${id}-type`} className="field__input" value={filter.type} onChange={(event) => change('type', event.target.value)}>
          <option value="all">All</option>
          {typesOf(filter.category).map((type) => (
            <option key={type} value={type}>
              {slotLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-rarity`}>
          Rarity
        </label>
        <select id={`${id}-rarity`} className="field__input" value={filter.rarity} onChange={(event) => change('rarity', event.target.value)}>
          <option value="all">All</option>
          {GEAR_RARITIES.map((rarity) => (
            <option key={rarity} value={rarity}>
              {rarityLabel(rarity)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sort`}>
          Sort by
        </label>
        <select id={`${id}-sort`} className="field__input" value={filter.sortBy} onChange={(event) => change('sortBy', event.target.value as MarketplaceSort)}>
          {MARKETPLACE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
