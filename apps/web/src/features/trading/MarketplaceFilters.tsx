import { useId } from 'react';
import { MARKETPLACE_SORTS, type MarketplaceSort } from '@runik/rules';
import { GearVocabularyFilters } from '../../shared/gear/GearVocabularyFilters';
import { changeFilter, SORT_LABELS, type MarketplaceFilter } from './trading-filters';

interface MarketplaceFiltersProps {
  filter: MarketplaceFilter;
  onChange: (filter: MarketplaceFilter) => void;
}

/** Category, type (the category's types only), rarity and sort (spec sections 2 and 9). */
export function MarketplaceFilters({ filter, onChange }: MarketplaceFiltersProps) {
  const id = useId();

  return (
    <div className="trading-filters" role="group" aria-label="Filters">
      <GearVocabularyFilters value={filter} onChange={(change) => onChange(changeFilter(filter, change))} />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-sort`}>
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          className="field__input"
          value={filter.sortBy}
          onChange={(event) => onChange(changeFilter(filter, { sortBy: event.target.value as MarketplaceSort }))}
        >
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
