import { useId, useState, type FormEvent } from 'react';
import { CityMessages } from '@runik/contract';
import { formatCount, formatCountdown, formatRunik, remainingMinutes, speedupCost, SPEEDUP_RUNIK_PER_MINUTE } from '@runik/rules';
import { useConfirm } from '../../../ui/ConfirmDialog';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { useSpeedup } from '../city-actions';
import type { MilitaryInfo } from '../city-catalog';
import { useNow } from '../../../shared/city-clock';
import { isAmountDraft, parseWholeNumber } from '../city-format';
import { activeQueueEntry, type CityState } from '../city-state';

interface SpeedUpModalProps {
  username: string;
  city: CityState;
  building: MilitaryInfo;
  onClose: () => void;
}

/** Speed Up Training: 1 RUNIK per minute, at most the remaining minutes rounded up. */
export function SpeedUpModal({ username, city, building, onClose }: SpeedUpModalProps) {
  const minutesId = useId();
  const now = useNow();
  const [minutesText, setMinutesText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const speedup = useSpeedup(username, building.key, building.name);

  const entry = activeQueueEntry(city, building.key, now);
  const maxMinutes = entry ? remainingMinutes(entry.completionAt, now) : 0;
  const minutes = parseWholeNumber(minutesText);
  const cost = speedupCost(minutes ?? 0);
  const runik = city.holdings.runik;

  const changeMinutes = (text: string) => {
    if (!isAmountDraft(text, 0)) return;
    setFormError(null);
    setMinutesText(text);
  };

  const validate = (): string | null => {
    if (!entry) return CityMessages.noActiveQueue;
    if (minutes === null || minutes <= 0) return CityMessages.invalidMinutes;
    if (minutes > maxMinutes) return CityMessages.tooManyMinutes(maxMinutes);
    if (cost > runik) return CityMessages.notEnoughRunik(formatRunik(cost), formatRunik(runik));
    return null;
  };

  const confirm = useConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validate();
    setFormError(problem);
    if (problem || minutes === null) return;
    if (!(await confirm(`Spend ${formatRunik(cost)} RUNIK to speed up the training in ${building.name} by ${minutes} minutes?`))) return;
    speedup.mutate(minutes, { onSuccess: onClose });
  };

  return (
    <Modal title="Speed Up Training" onClose={onClose} testId="speedup-modal">
      <form className="city-popup" onSubmit={(event) => void submit(event)} noValidate>
        {entry ? (
          <p className="city-popup__lead">
            {building.name} is training {formatCount(entry.count)} {building.unit}:{' '}
            <span data-testid="speedup-remaining">{formatCountdown(entry.completionAt - now)}</span> left (at most{' '}
            <span data-testid="speedup-max-minutes">{maxMinutes}</span> minutes).
          </p>
        ) : (
          <Message tone="info">{CityMessages.noActiveQueue}</Message>
        )}
        <div className="field">
          <label className="field__label" htmlFor={minutesId}>
            Minutes
          </label>
          <div className="city-input-row">
            <input
              id={minutesId}
              className="field__input"
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              value={minutesText}
              onChange={(event) => changeMinutes(event.target.value)}
            />
            <button type="button" className="button" disabled={!entry} onClick={() => changeMinutes(String(maxMinutes))}>
              Max
            </button>
          </div>
        </div>
        <dl className="city-costs">
          <div className="city-costs__row">
            <dt>Cost ({SPEEDUP_RUNIK_PER_MINUTE} RUNIK per minute)</dt>
            <dd data-testid="speedup-cost">{formatRunik(cost)} RUNIK</dd>
          </div>
          <div className="city-costs__row">
            <dt>Available</dt>
            <dd>{formatRunik(runik)} RUNIK</dd>
          </div>
        </dl>
        {formError && <Message tone="error">{formError}</Message>}
        <button type="submit" className="button button--primary" disabled={speedup.isPending} aria-busy={speedup.isPending}>
          Speed Up
        </button>
      </form>
    </Modal>
  );
}
