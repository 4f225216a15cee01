import { useId, useState, type FormEvent } from 'react';
import { CityMessages } from '@runik/contract';
import { formatCountdown, MAX_TRAINING_BATCH, maxTrainable, trainingCost, trainingDurationMs } from '@runik/rules';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { useTrain } from '../city-actions';
import type { MilitaryInfo } from '../city-catalog';
import { isAmountDraft, parseWholeNumber } from '../city-format';
import type { CityState } from '../city-state';
import { CostList, describeAmounts, shortfallMessage } from './CostList';

interface TrainTroopsModalProps {
  username: string;
  city: CityState;
  building: MilitaryInfo;
  onClose: () => void;
}

/** Train Troops: a batch of the building's unit, paid in resources, ready after the training time. */
export function TrainTroopsModal({ username, city, building, onClose }: TrainTroopsModalProps) {
  const countId = useId();
  const [countText, setCountText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const train = useTrain(username, building.unit);

  const { key, name, unit } = building;
  const count = parseWholeNumber(countText);
  const shownCount = count !== null && count <= MAX_TRAINING_BATCH ? count : 0;
  const cost = trainingCost(key, shownCount);
  const duration = trainingDurationMs(key, city.levels[key], shownCount);
  const most = Math.min(maxTrainable(key, city.holdings), MAX_TRAINING_BATCH);

  const changeCount = (text: string) => {
    if (!isAmountDraft(text, 0)) return;
    setFormError(null);
    setCountText(text);
  };

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      count === null || count <= 0 || count > MAX_TRAINING_BATCH
        ? CityMessages.invalidTroopCount
        : shortfallMessage(cost, city.holdings, CityMessages.notEnoughResource);
    setFormError(problem);
    if (problem || count === null) return;
    if (!(await confirm(`Train ${count} ${unit} in ${name} for ${describeAmounts(cost)}? It takes ${formatCountdown(duration)}.`))) return;
    train.mutate({ building: key, count }, { onSuccess: onClose });
  };

  return (
    <Modal title="Train Troops" onClose={onClose} testId="train-modal">
      <form className="city-popup" onSubmit={(event) => void submit(event)} noValidate>
        <p className="city-popup__lead">
          {name} trains <strong>{unit}</strong>.
        </p>
        <div className="field">
          <label className="field__label" htmlFor={countId}>
            Number of {unit}
          </label>
          <div className="city-input-row">
            <input
              id={countId}
              className="field__input"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              value={countText}
              onChange={(event) => changeCount(event.target.value)}
            />
            <button type="button" className="button" onClick={() => changeCount(String(most))}>
              Max
            </button>
          </div>
          <p className="city-muted">
            Max trainable: <span data-testid="max-trainable">{most}</span>
          </p>
        </div>
        <CostList cost={cost} held={city.holdings} />
        <p className="city-stat">
          <span className="city-stat__label">Training time</span>
          <span className="city-stat__value" data-testid="training-time">
            {formatCountdown(duration)}
          </span>
        </p>
        {formError && <Message tone="error">{formError}</Message>}
        <button type="submit" className="button button--primary" disabled={train.isPending} aria-busy={train.isPending}>
          Train
        </button>
      </form>
    </Modal>
  );
}
