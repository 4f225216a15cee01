import { useId } from 'react';
import { AttackMessages } from '@runik/contract';

interface MinLevelFilterProps {
  text: string;
  /** False when the text is no whole number: it is then not sent. */
  valid: boolean;
  onChange: (text: string) => void;
}

/** The Minimum City Hall Level filter (spec section 5): a whole number, blank meaning 0. */
export function MinLevelFilter({ text, valid, onChange }: MinLevelFilterProps) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="field attack-filter">
      <label className="field__label" htmlFor={inputId}>
        Minimum City Hall Level
      </label>
      <input
        id={inputId}
        className="field__input"
        inputMode="numeric"
        placeholder="0"
        value={text}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      {!valid && (
        <p id={hintId} className="hint hint--error" data-testid="min-level-hint">
          {AttackMessages.invalidMinLevel}
        </p>
      )}
    </div>
  );
}
