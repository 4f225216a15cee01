import { isBuildingUnlocked, type BuildingKey } from '@runik/rules';
import { BuildingIcon } from '../../../ui/icons/BuildingIcon';
import { unlockLevel } from '../city-catalog';
import { LockedBadge } from './LockedBadge';

interface BuildingHeaderProps {
  buildingKey: BuildingKey;
  name: string;
  level: number;
  chLevel: number;
  titleId: string;
}

/** The top of every building card: its name, the locked badge while locked, and its level. */
export function BuildingHeader({ buildingKey, name, level, chLevel, titleId }: BuildingHeaderProps) {
  return (
    <>
      <h3 id={titleId} className="city-card__title">
        <BuildingIcon building={buildingKey} level={level} className="game-icon--lg" /> {name}
      </h3>
      {!isBuildingUnlocked(buildingKey, chLevel) && <LockedBadge unlockLevel={unlockLevel(buildingKey)} />}
      <p className="city-stat">
        <span className="city-stat__label">Level</span>
        <span className="city-stat__value" data-testid="building-level">
          {level}
        </span>
      </p>
    </>
  );
}
