import { formatResource, productionPerHour, type ResourceKey } from '@runik/rules';
import { useRiseFlourish } from '../../../ui/use-flourish';
import { useUpgrade } from '../city-actions';
import { buildingUpgradeOffer } from '../city-catalog';
import { resourceLabel } from '../city-format';
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
  return (
    <section ref={cardRef} className="city-card city-building panel" aria-labelledby={titleId} data-testid={`building-${resource}`}>
      <BuildingHeader buildingKey={resource} name={name} level={level} chLevel={city.chLevel} titleId={titleId} />
      <p className="city-stat">
        <span className="city-stat__label">{resourceLabel(resource)}/h</span>
        <span className="city-stat__value">{formatResource(productionPerHour(resource, level, city.gearBonuses[resource]))}</span>
      </p>
      <UpgradeControl
        offer={buildingUpgradeOffer(city, resource, name)}
        busy={upgrade.isPending}
        onUpgrade={() => upgrade.mutate({ key: resource, name })}
        firstStep={resource === 'wheat' ? 'upgrade-farm' : undefined}
      />
    </section>
  );
}
