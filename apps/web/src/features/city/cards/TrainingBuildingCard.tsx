import { CityMessages } from '@runik/contract';
import { formatCountdown, isBuildingUnlocked, trainingBoostPercent, type MilitaryBuildingKey } from '@runik/rules';
import { useUpgrade } from '../city-actions';
import { buildingUpgradeOffer, unlockLevel, type MilitaryInfo } from '../city-catalog';
import { useNow } from '../city-clock';
import { activeQueueEntry, type CityState } from '../city-state';
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
  const unlocked = isBuildingUnlocked(key, city.chLevel);
  const queue = activeQueueEntry(city, key, now);
  const titleId = `city-building-${key}-title`;
  return (
    <section className="city-card city-building panel" aria-labelledby={titleId} data-testid={`building-${key}`}>
      <BuildingHeader buildingKey={key} name={name} level={level} chLevel={city.chLevel} titleId={titleId} />
      <p className="city-stat">
        <span className="city-stat__label">Unit</span>
        <span className="city-stat__value">
          {unit} <span className="city-muted">({city.army[unitKey]} trained)</span>
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
        busy={upgrade.isPending}
        onUpgrade={() => upgrade.mutate({ key, name })}
      />
      {queue ? (
        <div className="city-queue" data-testid="training-queue">
          <p className="city-stat">
            <span className="city-stat__label">Training {queue.count}</span>
            <span className="city-stat__value" data-testid="training-remaining">
              {formatCountdown(queue.completionAt - now)}
            </span>
          </p>
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
          onClick={() => onTrain(key)}
        >
          Train
        </button>
      )}
    </section>
  );
}
