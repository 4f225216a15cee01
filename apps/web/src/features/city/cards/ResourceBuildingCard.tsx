import { formatResource, isBuildingUnlocked, productionPerHour, type ResourceKey } from '@runik/rules';
import { resourceLabel } from '../../../shared/format';
import { useRiseFlourish } from '../../../ui/use-flourish';
import { useUpgrade } from '../city-actions';
import { buildingUpgradeOffer, unlockLevel } from '../city-catalog';
import type { CityState } from '../city-state';
import { BuildingHeader } from './BuildingHeader';
import { UpgradeControl } from './UpgradeControl';

interface ResourceBuildingCardProps {
  username: string;
  city: CityState;
  resource: ResourceKey;
  name: string;
}

/** A producer of one resource: level, production per hour and its upgrade. */
export function ResourceBuildingCard({ username, city, resource, name }: ResourceBuildingCardProps) {
  const upgrade = useUpgrade(username);
  const level = city.levels[resource];
  const cardRef = useRiseFlourish<HTMLElement>(level);
  const titleId = `city-building-${resource}-title`;
  const perHour = formatResource(productionPerHour(resource, level, city.gearBonuses[resource]));
  // A locked producer makes nothing (docs/balance.md): its rate is what it will make once open (issue 35).
  const unlocked = isBuildingUnlocked(resource, city.chLevel);
  return (
    <section ref={cardRef} className="city-card city-building panel" aria-labelledby={titleId} data-testid={`building-${resource}`}>
      <BuildingHeader buildingKey={resource} name={name} level={level} chLevel={city.chLevel} titleId={titleId} />
      <p className="city-stat">
        <span className="city-stat__label">{resourceLabel(resource)}/h</span>
        <span className="city-stat__value" data-testid="production-per-hour">
          {unlocked ? perHour : formatResource(0)}
        </span>
      </p>
      {!unlocked && (
        <p className="city-muted" data-testid="production-once-open">
          {perHour}/h from City Hall {unlockLevel(resource)}
        </p>
      )}
      <UpgradeControl
        offer={buildingUpgradeOffer(city, resource, name)}
        name={name}
        nextLevel={level + 1}
        busy={upgrade.isPending}
        onUpgrade={() => upgrade.mutate({ key: resource, name })}
        firstStep={resource === 'wheat' ? 'upgrade-farm' : undefined}
      />
    </section>
  );
}
