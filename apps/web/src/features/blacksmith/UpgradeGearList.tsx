import type { Gear } from '@runik/contract';
import { GearCard } from '../../shared/gear/GearCard';
import { canBeMaterial, canBeTarget, type UpgradeSelection } from './blacksmith-selection';

interface UpgradeGearListProps {
  gears: readonly Gear[];
  selection: UpgradeSelection;
  /** An upgrade is under way: the selection is frozen. */
  busy: boolean;
  onTarget: (gear: Gear) => void;
  onMaterial: (gear: Gear) => void;
}

/** The gears to pick from, each with Select as target and (but for the target) Use as material. */
export function UpgradeGearList({ gears, selection, busy, onTarget, onMaterial }: UpgradeGearListProps) {
  return (
    <ul className="tile-grid" aria-label="Your gears">
      {gears.map((gear) => {
        const isTarget = gear.gearId === selection.targetId;
        const isMaterial = selection.materialIds.includes(gear.gearId);
        const highlight = isTarget ? 'target' : isMaterial ? 'material' : undefined;
        return (
          <li key={gear.gearId}>
            <GearCard gear={gear} showExpValue showStatus highlight={highlight}>
              <button
                type="button"
                className={`button ${isTarget ? 'button--primary' : ''}`}
                aria-pressed={isTarget}
                disabled={!canBeTarget(gear) || busy}
                onClick={() => onTarget(gear)}
              >
                Select as target
              </button>
              {!isTarget && (
                <button
                  type="button"
                  className="button"
                  aria-pressed={isMaterial}
                  disabled={!canBeMaterial(gear, selection.targetId) || busy}
                  onClick={() => onMaterial(gear)}
                >
                  Use as material
                </button>
              )}
            </GearCard>
          </li>
        );
      })}
    </ul>
  );
}
