import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { formatCount, noTroops, recordOf, troopCount, UNIT_KEYS, type Troops, type UnitKey } from '@runik/rules';
import { TROOPS } from '../../shared/format';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { formatThronePower } from './throne-format';
import { useCommanderGear } from './throne-api';
import { gearBonuses, sidePower } from './throne-power';
import { ThroneTexts } from './throne-texts';
import { useCloseOnSuccess } from './use-close-on-success';
import type { ThroneActionState } from './use-throne-action';

/** A slider's value as a troop count: whole, from 0 to `max`; anything non-numeric counts as 0 (spec section 5). */
export function toTroopCount(text: string, max: number): number {
  const value = Math.floor(Number(text));
  return Number.isFinite(value) ? Math.min(max, Math.max(0, value)) : 0;
}

interface TroopsModalProps {
  title: string;
  submitLabel: string;
  /** The most of each troop type the player may choose: available, or garrisoned when recalling. */
  limits: Troops;
  /** What the limits are; 'available' unless recalling. */
  limitLabel?: string;
  /** The player, whose commander gear gives the power of the chosen troops. */
  username: string;
  action: ThroneActionState;
  onSubmit: (troops: Troops) => void;
  /** Keep the modal open with the success text for 2 s (create, join, recall); else close at once. */
  lingerOnSuccess: boolean;
  onClose: () => void;
  children?: ReactNode;
  testId: string;
}

/** A modal choosing troops with one slider per type, for every throne action that commits or recalls troops. */
export function TroopsModal({
  title,
  submitLabel,
  limits,
  limitLabel = 'available',
  username,
  action,
  onSubmit,
  lingerOnSuccess,
  onClose,
  children,
  testId,
}: TroopsModalProps) {
  const idPrefix = useId();
  const bonuses = gearBonuses(useCommanderGear(username).data);
  const [chosen, setChosen] = useState<Troops>(noTroops);
  const succeeded = action.succeeded !== null;
  useCloseOnSuccess(succeeded, onClose, lingerOnSuccess);

  // Limits may drop on a refresh: never send more than they allow now.
  const counts = recordOf(UNIT_KEYS, (unit) => Math.min(chosen[unit], limits[unit]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(counts);
  };

  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <form className="throne-modal" onSubmit={submit} noValidate>
        {children}
        {TROOPS.map(({ key, label }) => (
          <TroopSlider
            key={key}
            id={`${idPrefix}-${key}`}
            label={label}
            unit={key}
            value={counts[key]}
            max={limits[key]}
            limitLabel={limitLabel}
            onChange={(unit, value) => setChosen((previous) => ({ ...previous, [unit]: value }))}
          />
        ))}
        <p className="throne-modal__power" data-testid="chosen-power">
          {ThroneTexts.power}: {formatThronePower(sidePower([{ troops: counts, bonuses }]))}
        </p>
        {action.error && <Message tone="error">{action.error}</Message>}
        {action.succeeded && <Message tone="success">{action.succeeded}</Message>}
        <button
          type="submit"
          className="button button--primary"
          disabled={action.pending || succeeded || troopCount(counts) === 0}
          aria-busy={action.pending}
        >
          {submitLabel}
        </button>
      </form>
    </Modal>
  );
}

interface TroopSliderProps {
  id: string;
  label: string;
  unit: UnitKey;
  value: number;
  max: number;
  limitLabel: string;
  onChange: (unit: UnitKey, value: number) => void;
}

function TroopSlider({ id, label, unit, value, max, limitLabel, onChange }: TroopSliderProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="throne-slider">
        <input
          id={id}
          type="range"
          className="throne-slider__input"
          min={0}
          max={max}
          step={1}
          value={value}
          onChange={(event) => onChange(unit, toTroopCount(event.target.value, max))}
        />
        <output className="throne-slider__value" htmlFor={id} data-testid={`chosen-${unit}`}>
          {formatCount(value)} / {formatCount(max)} {limitLabel}
        </output>
      </div>
    </div>
  );
}
