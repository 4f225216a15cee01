import { CITY_HALL_KEY } from '@runik/rules';
import { BuildingIcon } from '../../../ui/icons/BuildingIcon';
import { useRiseFlourish } from '../../../ui/use-flourish';
import { useUpgrade } from '../city-actions';
import { cityHallUpgradeOffer } from '../city-catalog';
import type { CityState } from '../city-state';
import { UpgradeControl } from './UpgradeControl';

interface CityHallCardProps {
  username: string;
  city: CityState;
  onShowDetails: () => void;
}

export function CityHallCard({ username, city, onShowDetails }: CityHallCardProps) {
  const upgrade = useUpgrade(username);
  const cardRef = useRiseFlourish<HTMLElement>(city.chLevel);
  return (
    <section ref={cardRef} className="city-card panel" aria-labelledby="city-hall-title" data-testid="city-hall-card">
      <h2 id="city-hall-title" className="city-card__title">
        <BuildingIcon building={CITY_HALL_KEY} level={city.chLevel} className="game-icon--lg" /> City Hall
      </h2>
      <p className="city-stat">
        <span className="city-stat__label">Level</span>
        <span className="city-stat__value" data-testid="city-hall-level">
          {city.chLevel}
        </span>
      </p>
      <UpgradeControl
        offer={cityHallUpgradeOffer(city)}
        name="City Hall"
        nextLevel={city.chLevel + 1}
        busy={upgrade.isPending}
        onUpgrade={() => upgrade.mutate({ key: CITY_HALL_KEY, name: 'City Hall' })}
        firstStep="upgrade-city-hall"
      />
      <button type="button" className="button city-card__action" onClick={onShowDetails}>
        Details
      </button>
    </section>
  );
}
