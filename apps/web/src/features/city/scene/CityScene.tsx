import {
  CITY_HALL_KEY,
  isBuildingUnlocked,
  MILITARY_BUILDING_KEYS,
  RESOURCE_KEYS,
  type MilitaryBuildingKey,
  type ResourceKey,
} from '@runik/rules';
import { useNow } from '../../../shared/city-clock';
import { BuildingIcon, buildingTier } from '../../../ui/icons/BuildingIcon';
import { ResourceIcon } from '../../../ui/icons/ResourceIcon';
import { LockIcon } from '../../../ui/icons/SymbolIcons';
import { UnitIcon } from '../../../ui/icons/UnitIcon';
import { unlockLevel } from '../city-catalog';
import { activeQueueEntry, type CityState } from '../city-state';
import { SceneGround } from './SceneGround';
import { SCENE_HEIGHT, SCENE_KEYS, SCENE_PLACES, SCENE_WIDTH, type SceneKey } from './city-scene-layout';
import './city-scene.css';

interface CitySceneProps {
  city: CityState;
  /** A building's name as the server's constants give it ('City Hall' for key 'ch'). */
  nameOf: (key: SceneKey) => string;
  /** The player chose a building: its card is shown. */
  onOpen: (key: SceneKey) => void;
}

const UNIT_OF: Record<MilitaryBuildingKey, 'infantry' | 'archers' | 'cavalries'> = {
  quarters: 'infantry',
  archery: 'archers',
  stables: 'cavalries',
};

const isResource = (key: SceneKey): key is ResourceKey => (RESOURCE_KEYS as readonly string[]).includes(key);
const isMilitary = (key: SceneKey): key is MilitaryBuildingKey => (MILITARY_BUILDING_KEYS as readonly string[]).includes(key);

/**
 * The city as a place (issue 50): the player's own buildings, each in its place and drawn as its level looks (the
 * building icons' four tiers), on ground that grows with the City Hall; a building still locked is a plot showing
 * the City Hall level that opens it (beside a padlock: the level alone, so the visible text stays part of the button's name). Every building is a button that shows its card; an open producer, and a
 * building training troops, show it with a light animation (none with reduced motion: city-scene.css).
 */
export function CityScene({ city, nameOf, onOpen }: CitySceneProps) {
  const now = useNow();
  const buildings = SCENE_KEYS.map((key) => {
    const level = key === CITY_HALL_KEY ? city.chLevel : city.levels[key];
    const open = key === CITY_HALL_KEY || isBuildingUnlocked(key, city.chLevel);
    const working = open && (isResource(key) || (isMilitary(key) && activeQueueEntry(city, key, now) !== null));
    return { key, level, open, working, unlockAt: key === CITY_HALL_KEY ? 1 : unlockLevel(key) };
  });
  const plots = buildings.filter((building) => !building.open).length;
  const summary =
    `Your city: City Hall level ${city.chLevel}, ${buildings.length - plots} buildings standing` +
    (plots > 0 ? `, ${plots} ${plots === 1 ? 'plot' : 'plots'} waiting to be opened` : '');
  return (
    <div className="city-scene" data-testid="city-scene">
      <SceneGround chLevel={city.chLevel} plots={buildings.filter((b) => !b.open).map((b) => b.key)} label={summary} />
      <ul className="city-scene__buildings" aria-label="Buildings of your city">
        {buildings.map(({ key, level, open, working, unlockAt }) => {
          const place = SCENE_PLACES[key];
          const name = nameOf(key);
          const label = open ? `${name}, level ${level}` : `${name}, locked until City Hall level ${unlockAt}`;
          return (
            <li
              key={key}
              className={`city-scene__place${key === CITY_HALL_KEY ? ' city-scene__place--hall' : ''}`}
              style={{ left: `${(place.x / SCENE_WIDTH) * 100}%`, top: `${(place.y / SCENE_HEIGHT) * 100}%` }}
            >
              <button
                type="button"
                className={`city-scene__building${open ? '' : ' city-scene__building--plot'}`}
                aria-label={label}
                data-testid={`scene-building-${key}`}
                data-level={level}
                data-tier={buildingTier(level)}
                data-locked={open ? undefined : ''}
                onClick={() => onOpen(key)}
              >
                {working && <Production buildingKey={key} />}
                <BuildingIcon building={key} level={level} className="city-scene__art" />
                <span className="city-scene__badge" aria-hidden="true">
                  {open ? (
                    level
                  ) : (
                    <>
                      <LockIcon /> {unlockAt}
                    </>
                  )}
                </span>
                <span className="city-scene__name" aria-hidden="true">
                  {name}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What a building makes, rising from it: its resource, or the troops it trains. */
function Production({ buildingKey }: { buildingKey: SceneKey }) {
  return (
    <span className="city-scene__produce" aria-hidden="true" data-testid="scene-production">
      {isResource(buildingKey) ? (
        <ResourceIcon resource={buildingKey} />
      ) : isMilitary(buildingKey) ? (
        <UnitIcon unit={UNIT_OF[buildingKey]} />
      ) : null}
    </span>
  );
}
