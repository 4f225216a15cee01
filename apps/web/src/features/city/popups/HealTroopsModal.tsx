import { useId, useState, type FormEvent } from 'react';
import { CityMessages, type CityConstantsResponse } from '@runik/contract';
import { buildingForUnit, formatCount, healingCost, isBuildingUnlocked, noTroops, recordOf, UNIT_KEYS, type UnitKey } from '@runik/rules';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { useHeal } from '../city-actions';
import { buildingName, unitName, unlockLevel } from '../city-catalog';
import type { CityState } from '../city-state';
import { CostList, describeAmounts, shortfallMessage } from './CostList';

interface HealTroopsModalProps {
  username: string;
  city: CityState;
  constants: CityConstantsResponse;
  onClose: () => void;
}

/** Heal Troops: a slider per unit up to its injured count; healing costs a quarter of training. */
export function HealTroopsModal({ username, city, constants, onClose }: HealTroopsModalProps) {
  const idPrefix = useId();
  const [picked, setPicked] = useState<Record<UnitKey, number>>(noTroops);
  const [formError, setFormError] = useState<string | null>(null);
  const heal = useHeal(username);

  const usable = (unit: UnitKey) => isBuildingUnlocked(buildingForUnit(unit), city.chLevel);
  // Never more than are injured now, nor any of a unit whose building is locked.
  const counts = recordOf(UNIT_KEYS, (unit) => (usable(unit) ? Math.min(picked[unit], city.injured[unit]) : 0));
  const cost = healingCost(counts);

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const total = UNIT_KEYS.reduce((sum, unit) => sum + counts[unit], 0);
    const problem = total === 0 ? CityMessages.noTroopsToHeal : shortfallMessage(cost, city.holdings, CityMessages.notEnoughResource);
    setFormError(problem);
    if (problem) return;
    const troops = UNIT_KEYS.filter((unit) => counts[unit] > 0)
      .map((unit) => `${counts[unit]} ${unitName(constants, unit)}`)
      .join(', ');
    if (!(await confirm(`Heal ${troops} for ${describeAmounts(cost)}?`))) return;
    heal.mutate({ ...counts }, { onSuccess: onClose });
  };

  return (
    <Modal title="Heal Troops" onClose={onClose} testId="heal-modal">
      <form className="city-popup" onSubmit={(event) => void submit(event)} noValidate>
        {UNIT_KEYS.map((unit) => {
          const name = unitName(constants, unit);
          const id = `${idPrefix}-${unit}`;
          return (
            <div key={unit} className="field">
              <label className="field__label" htmlFor={id}>
                {name}
              </label>
              <div className="city-input-row">
                <input
                  id={id}
                  type="range"
                  className="city-slider"
                  min={0}
                  max={city.injured[unit]}
                  step={1}
                  value={counts[unit]}
                  disabled={!usable(unit)}
                  onChange={(event) => {
                    setFormError(null);
                    setPicked((previous) => ({ ...previous, [unit]: Number(event.target.value) }));
                  }}
                />
                <output className="city-slider__value" htmlFor={id} data-testid={`heal-count-${unit}`}>
                  {formatCount(counts[unit])} / {formatCount(city.injured[unit])}
                </output>
              </div>
              {!usable(unit) && (
                <p className="city-note">
                  {CityMessages.buildingLocked(buildingName(constants, buildingForUnit(unit)), unlockLevel(buildingForUnit(unit)))}
                </p>
              )}
            </div>
          );
        })}
        <CostList cost={cost} held={city.holdings} />
        {formError && <Message tone="error">{formError}</Message>}
        <button type="submit" className="button button--primary" disabled={heal.isPending} aria-busy={heal.isPending}>
          Heal
        </button>
      </form>
    </Modal>
  );
}
