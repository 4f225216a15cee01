import { useId } from 'react';
import { ALLIANCE_TAG_LENGTH } from '@runik/rules';

/** The 3-character tag, upper-cased as the player types (spec section 5). */
export function TagField({ value, onChange }: { value: string; onChange: (tag: string) => void }) {
  const tagId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={tagId}>
        Tag
      </label>
      <input
        id={tagId}
        className="field__input alliance-tag-input"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={ALLIANCE_TAG_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
    </div>
  );
}
