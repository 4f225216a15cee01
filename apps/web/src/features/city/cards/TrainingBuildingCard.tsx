import { CityMessages } from '@runik/contract';
import {
  formatCount,
  formatCountdown,
  isBuildingUnlocked,
  maxTrainable,
  trainingBoostPercent,
  trainingDurationMs,
  type MilitaryBuildingKey,
} from '@runik/rules';
import { Countdown } from '../../../ui/Countdown';
import { UnitIcon } from '../../../ui/icons/UnitIcon';
import { ProgressBar } from '../../../ui/ProgressBar';
import { useRiseFlourish } from '../../../ui/use-flourish';
import { useUpgrade } from '../city-actions';
import { buildingUpgradeOffer, unlockLevel, type MilitaryInfo } from '../city-catalog';
import { useNow } from '../../../shared/city-clock';
import { activeQueueEntry, type CityState, type QueueEntry } from '../city-state';
import { BuildingHeader } from './BuildingHeader';
import { UpgradeControl } from './UpgradeControl';

interface TrainingBuildingCardProps {
  username: string;
  city: CityState;
  building: MilitaryInfo;
  onTrain: (key: MilitaryBuildingKey) => void;
  onSpeedUp: (key: MilitaryBuildingKey) => void;
}

/** Quarters, Archery Range, Stables: Train, or while a batch trains its countdown and Speed Up. */
export function TrainingBuildingCard({ username, city, building, onTrain, onSpeedUp }: TrainingBuildingCardProps) {
  const upgrade = useUpgrade(username);
  const now = useNow();
  const { key, name, unit, unitKey } = building;
  const level = city.levels[key];
  const cardRef = useRiseFlourish<HTMLElement>(level);
  const unlocked = isBuildingUnlocked(key, city.chLevel);
  const queue = activeQueueEntry(city, key, now);
  const titleId = `city-building-${key}-title`;
  return (
    <section ref={cardRef} className="city-card city-building panel" aria-labelledby={titleId} data-testid={`building-${key}`}>
      <BuildingHeader buildingKey={key} name={name} level={level} chLevel={city.chLevel} titleId={titleId} />
      <p className="city-stat">
        <span className="city-stat__label">Unit</span>
        <span className="city-stat__value">
          <UnitIcon unit={unitKey} /> {unit} <span className="city-muted">({formatCount(city.army[unitKey])} trained)</span>
        </span>
      </p>
      <p className="city-stat">
        <span className="city-stat__label">Training boost</span>
        <span className="city-stat__value" data-testid="training-boost">
          {trainingBoostPercent(level)}%
        </span>
      </p>
      <UpgradeControl
        offer={buildingUpgradeOffer(city, key, name)}
        name={name}
        nextLevel={level + 1}
        busy={upgrade.isPending}
        onUpgrade={() => upgrade.mutate({ key, name })}
      />
      {queue ? (
        <div className="city-queue" data-testid="training-queue">
          <TrainingProgress queue={queue} total={trainingDurationMs(key, level, queue.count)} now={now} unit={unit} />
          <button type="button" className="button city-card__action" onClick={() => onSpeedUp(key)}>
            Speed Up
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button city-card__action"
          disabled={!unlocked}
          title={unlocked ? undefined : CityMessages.buildingLocked(name, unlockLevel(key))}
          data-first-step={unitKey === 'infantry' ? 'train-infantry' : undefined}
          // The guide points elsewhere (the way back to resources) while not even one unit is affordable.
          data-unaffordable={maxTrainable(key, city.holdings) === 0 ? '' : undefined}
          onClick={() => onTrain(key)}
        >
          Train
        </button>
      )}
    </section>
  );
}

/**
 * A training batch as a bar filling up to its completion, with the time left. The queue holds
 * no start time: the batch's length is its training time at the building's level (a speed-up
 * moves the bar on, a level gained since only changes the estimate).
 */
function TrainingProgress({ queue, total, now, unit }: { queue: QueueEntry; total: number; now: number; unit: string }) {
  const left = queue.completionAt - now;
  return (
    <ProgressBar
      value={Math.max(0, total - left)}
      max={total}
      label={`Training ${queue.count} ${unit}`}
      valueText={`${formatCountdown(left)} left`}
    >
      <span className="city-stat__label">Training {formatCount(queue.count)}</span>
      <Countdown to={queue.completionAt} format={formatCountdown} className="city-stat__value" testId="training-remaining" />
    </ProgressBar>
  );
}
