import { formatResource, cityProductionPerHour, RESOURCE_KEYS, troopUpkeepPerHour, UPKEEP_RESOURCE } from '@runik/rules';
import { resourceLabel } from '../../../shared/format';
import { CountUp } from '../../../ui/CountUp';
import { ResourceIcon } from '../../../ui/icons/ResourceIcon';
import { useNow } from '../../../shared/city-clock';
import { pendingAt, type CityState } from '../city-state';
import { HarvestButton } from './HarvestButton';

interface ResourcesCardProps {
  city: CityState;
  harvesting: boolean;
  onHarvest: () => void;
}

/** Held resources, production per hour less the troops' upkeep, and pending production, which grows each second. */
export function ResourcesCard({ city, harvesting, onHarvest }: ResourcesCardProps) {
  const now = useNow();
  const pending = pendingAt(city, now);
  const upkeep = troopUpkeepPerHour(city.army);
  return (
    <section className="city-card city-card--resources panel" aria-labelledby="city-resources-title" data-testid="resources-card">
      <h2 id="city-resources-title" className="city-card__title">
        Resources
      </h2>
      <ul className="city-resources">
        {RESOURCE_KEYS.map((resource) => (
          <li key={resource} className="city-resource" data-testid={`resource-${resource}`}>
            <span className="city-resource__name">
              <ResourceIcon resource={resource} className="game-icon--lg" /> {resourceLabel(resource)}
            </span>
            <CountUp
              className="city-resource__amount"
              testId={`amount-${resource}`}
              value={city.holdings[resource]}
              format={formatResource}
            />
            <span className="city-resource__detail">
              <span data-testid={`production-${resource}`}>{formatResource(cityProductionPerHour(resource, city))}</span>
              /h
            </span>
            {resource === UPKEEP_RESOURCE && upkeep > 0 && (
              <span className="city-resource__detail">
                Troop upkeep -<span data-testid="upkeep-wheat">{formatResource(upkeep)}</span>/h
              </span>
            )}
            <span className="city-resource__detail">
              Pending <span data-testid={`pending-${resource}`}>{formatResource(pending[resource])}</span>
            </span>
          </li>
        ))}
      </ul>
      <HarvestButton nextHarvestAt={city.nextHarvestAt} busy={harvesting} onHarvest={onHarvest} />
    </section>
  );
}
