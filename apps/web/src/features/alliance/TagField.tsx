import { useId } from 'react';
import { ALLIANCE_TAG_LENGTH } from '@runik/rules';

interface TagFieldProps {
  value: string;
  onChange: (tag: string) => void;
  /** The spec's message for a tag of the wrong length (the create and edit forms word it differently). */
  lengthMessage: string;
}

/**
 * The 3-character tag, upper-cased as the player types (spec section 5). A longer tag is kept as
 * typed and answered with the spec's message at once, never cut short without a word (issue 35).
 */
export function TagField({ value, onChange, lengthMessage }: TagFieldProps) {
  const tagId = useId();
  const hintId = useId();
  const tooLong = value.length > ALLIANCE_TAG_LENGTH;
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
        aria-invalid={tooLong}
        aria-describedby={tooLong ? hintId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
      {tooLong && (
        <p id={hintId} className="alliance-field-error" data-testid="tag-length-error">
          {lengthMessage}
        </p>
      )}
    </div>
  );
}
