interface AmountFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  onMax: () => void;
  maxDisabled?: boolean;
}

/** A decimal amount input with its Max button, as every amount popup of the city shows it. */
export function AmountField({ id, label, placeholder, value, onChange, onMax, maxDisabled = false }: AmountFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="city-input-row">
        <input
          id={id}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="button" className="button" disabled={maxDisabled} onClick={onMax}>
          Max
        </button>
      </div>
    </div>
  );
}
