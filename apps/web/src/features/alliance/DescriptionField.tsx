import { useId } from 'react';
import { ALLIANCE_DESCRIPTION_MAX } from '@runik/rules';

interface DescriptionFieldProps {
  value: string;
  onChange: (text: string) => void;
}

/**
 * The description with its character counter. Typing past the limit is allowed (a paste
 * is not cut silently): the counter turns red and the form refuses it with its message.
 */
export function DescriptionField({ value, onChange }: DescriptionFieldProps) {
  const id = useId();
  const over = value.length > ALLIANCE_DESCRIPTION_MAX;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Description
      </label>
      <textarea
        id={id}
        className="field__input alliance-textarea"
        rows={3}
        value={value}
        aria-describedby={`${id}-counter`}
        aria-invalid={over || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-counter`} className={`alliance-counter ${over ? 'alliance-counter--over' : ''}`} data-testid="description-counter">
        {value.length}/{ALLIANCE_DESCRIPTION_MAX}
      </span>
    </div>
  );
}
