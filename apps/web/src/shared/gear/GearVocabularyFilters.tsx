import { useId } from 'react';
import { GEAR_CATEGORIES, GEAR_RARITIES } from '@runik/rules';
import { categoryLabel, rarityLabel, slotLabel } from './gear-format';
import { typesOf, type GearVocabularyFilter } from './gear-vocabulary-filter';

interface GearVocabularyFiltersProps {
  value: GearVocabularyFilter;
  onChange: (change: Partial<GearVocabularyFilter>) => void;
}

/** The Category, Type (the category's types only) and Rarity selects shared by the gear lists. */
export function GearVocabularyFilters({ value, onChange }: GearVocabularyFiltersProps) {
  return (
    <>
      <VocabularySelect
        label="Category"
        value={value.category}
        options={GEAR_CATEGORIES}
        optionLabel={categoryLabel}
        onChange={(category) => onChange({ category })}
      />
      <VocabularySelect
        label="Type"
        value={value.type}
        options={typesOf(value.category)}
        optionLabel={slotLabel}
        onChange={(type) => onChange({ type })}
      />
      <VocabularySelect
        label="Rarity"
        value={value.rarity}
        options={GEAR_RARITIES}
        optionLabel={rarityLabel}
        onChange={(rarity) => onChange({ rarity })}
      />
    </>
  );
}

interface VocabularySelectProps<T extends string> {
  label: string;
  value: T | 'all';
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T | 'all') => void;
}

function VocabularySelect<T extends string>({ label, value, options, optionLabel, onChange }: VocabularySelectProps<T>) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value as T | 'all')}>
        <option value="all">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
