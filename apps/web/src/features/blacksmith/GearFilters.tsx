import { useId } from 'react';
import { GEAR_CATEGORIES, GEAR_RARITIES, type GearCategory, type GearRarity, type GearType } from '@runik/rules';
import { categoryLabel, rarityLabel, slotLabel } from '../gears/gear-format';
import { typesOf, withCategory, type GearFilter } from './blacksmith-filters';

interface GearFiltersProps {
  filter: GearFilter;
  onChange: (filter: GearFilter) => void;
}

/** Category, type and rarity filters, and whether equipped gear is listed (spec section 9). */
export function GearFilters({ filter, onChange }: GearFiltersProps) {
  const id = useId();
  return (
    <div className="blacksmith-filters" role="group" aria-label="Filters">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-category`}>
          Category
        </label>
        <select
          id={`${id}-category`}
          className="field__input"
          value={filter.category}
          onChange={(event) => onChange(withCategory(filter, event.target.value as GearCategory | 'all'))}
        >
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
        <select
          id={`${id}-type`}
          className="field__input"
          value={filter.type}
          onChange={(event) => onChange({ ...filter, type: event.target.value as GearType | 'all' })}
        >
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
        <select
          id={`${id}-rarity`}
          className="field__input"
          value={filter.rarity}
          onChange={(event) => onChange({ ...filter, rarity: event.target.value as GearRarity | 'all' })}
        >
          <option value="all">All</option>
          {GEAR_RARITIES.map((rarity) => (
            <option key={rarity} value={rarity}>
              {rarityLabel(rarity)}
            </option>
          ))}
        </select>
      </div>
      <label className="blacksmith-filters__check">
        <input type="checkbox" checked={filter.showEquipped} onChange={(event) => onChange({ ...filter, showEquipped: event.target.checked })} />
        Show equipped gears
      </label>
    </div>
  );
}
