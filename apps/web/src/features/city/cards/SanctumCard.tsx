import { formatCount, UNIT_KEYS } from '@runik/rules';
import type { CityConstantsResponse } from '@runik/contract';
import { UnitIcon } from '../../../ui/icons/UnitIcon';
import { unitName } from '../city-catalog';
import type { CityState } from '../city-state';

interface SanctumCardProps {
  city: CityState;
  constants: CityConstantsResponse;
  onHeal: () => void;
}

/** Injured troops waiting for healing. */
export function SanctumCard({ city, constants, onHeal }: SanctumCardProps) {
  return (
    <section className="city-card city-building panel" aria-labelledby="city-sanctum-title" data-testid="sanctum-card">
      <h3 id="city-sanctum-title" className="city-card__title">
        Sanctum
      </h3>
      {UNIT_KEYS.map((unitKey) => (
        <p key={unitKey} className="city-stat">
          <span className="city-stat__label">
            <UnitIcon unit={unitKey} /> Injured {unitName(constants, unitKey)}
          </span>
          <span className="city-stat__value" data-testid={`injured-${unitKey}`}>
            {formatCount(city.injured[unitKey])}
          </span>
        </p>
      ))}
      <button type="button" className="button city-card__action" onClick={onHeal}>
        Heal
      </button>
    </section>
  );
}
