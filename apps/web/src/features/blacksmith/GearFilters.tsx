import { withVocabulary } from '../../shared/gear/gear-vocabulary-filter';
import { GearVocabularyFilters } from '../../shared/gear/GearVocabularyFilters';
import type { GearFilter } from './blacksmith-filters';

interface GearFiltersProps {
  filter: GearFilter;
  onChange: (filter: GearFilter) => void;
}

/** Category, type and rarity filters, and whether equipped gear is listed (spec section 9). */
export function GearFilters({ filter, onChange }: GearFiltersProps) {
  return (
    <div className="blacksmith-filters" role="group" aria-label="Filters">
      <GearVocabularyFilters value={filter} onChange={(change) => onChange(withVocabulary(filter, change))} />
      <label className="blacksmith-filters__check">
        <input
          type="checkbox"
          checked={filter.showEquipped}
          onChange={(event) => onChange({ ...filter, showEquipped: event.target.checked })}
        />
        Show equipped gears
      </label>
    </div>
  );
}
