import { useId } from 'react';
import { ALLIANCE_ICONS, type AllianceIcon } from '@runik/rules';
import { AllianceEmblemIcon } from '../../ui/icons/AllianceEmblemIcon';

interface IconPickerProps {
  value: AllianceIcon;
  onChange: (icon: AllianceIcon) => void;
}

/** The spec's 16 icons as a radio group: each tile shows its symbol and label. */
export function IconPicker({ value, onChange }: IconPickerProps) {
  const name = useId();
  return (
    <fieldset className="alliance-icons">
      <legend className="field__label">Icon</legend>
      <div className="alliance-icons__grid">
        {ALLIANCE_ICONS.map(({ id, label }) => (
          <label key={id} className="alliance-icon-option">
            <input type="radio" name={name} value={id} checked={value === id} onChange={() => onChange(id)} />
            <AllianceEmblemIcon emblem={id} className="alliance-icon-option__symbol" />
            <span className="alliance-icon-option__label">{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
