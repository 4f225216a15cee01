import { CityMessages, type CityConstantsResponse } from '@runik/contract';
import { BUILDING_KEYS, cityHallUpgradeBlock, isBuildingUnlocked } from '@runik/rules';
import { Modal } from '../../../ui/Modal';
import { buildingName, unlockLevel } from '../city-catalog';
import type { CityState } from '../city-state';

interface CityHallDetailsModalProps {
  city: CityState;
  constants: CityConstantsResponse;
  onClose: () => void;
}

/** City Hall's level, what its next level opens, and every building's level. */
export function CityHallDetailsModal({ city, constants, onClose }: CityHallDetailsModalProps) {
  const nextLevel = city.chLevel + 1;
  const maxed = cityHallUpgradeBlock(city.chLevel) !== null;
  const opening = BUILDING_KEYS.filter((key) => unlockLevel(key) === nextLevel);
  return (
    <Modal title="City Hall Details" onClose={onClose} testId="city-hall-details-modal">
      <div className="city-popup">
        <p className="city-stat">
          <span className="city-stat__label">City Hall level</span>
          <span className="city-stat__value" data-testid="details-level">
            {city.chLevel}
          </span>
        </p>
        <section aria-labelledby="city-hall-next-title">
          <h3 id="city-hall-next-title" className="city-popup__heading">
            {maxed ? 'Next level' : `Level ${nextLevel} unlocks`}
          </h3>
          {maxed ? (
            <p>{CityMessages.cityHallMaxed}</p>
          ) : opening.length > 0 ? (
            <ul className="city-popup__list" data-testid="next-unlocks">
              {opening.map((key) => (
                <li key={key}>{buildingName(constants, key)}</li>
              ))}
            </ul>
          ) : (
            <p data-testid="next-unlocks">No new buildings; your buildings may grow one level further.</p>
          )}
        </section>
        <section aria-labelledby="city-hall-levels-title">
          <h3 id="city-hall-levels-title" className="city-popup__heading">
            Building levels
          </h3>
          <dl className="city-costs" data-testid="building-levels">
            {BUILDING_KEYS.map((key) => (
              <div key={key} className="city-costs__row">
                <dt>{buildingName(constants, key)}</dt>
                <dd>
                  {isBuildingUnlocked(key, city.chLevel) ? `Level ${city.levels[key]}` : `Locked until City Hall level ${unlockLevel(key)}`}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </Modal>
  );
}
