import type { FloorResponse } from '@runik/contract';
import { formatPercent } from '@runik/rules';
import { ProgressBar } from '../../ui/ProgressBar';
import { formatPoints } from './citadel-format';

/**
 * The boss's remaining hit points: a bar at healthPercentage and "currentHp / maxHp". A hit
 * drains the bar with a flash; another floor's boss gets a bar of its own.
 */
export function HealthBar({ floor }: { floor: FloorResponse }) {
  return (
    <ProgressBar
      key={floor.floor}
      tone="health"
      flashOnDrop
      value={floor.healthPercentage}
      label="Boss health"
      valueText={`${formatPercent(floor.healthPercentage)} health left`}
    >
      <span data-testid="boss-hp">
        {formatPoints(floor.currentHp)} / {formatPoints(floor.maxHp)}
      </span>
      <span data-testid="boss-health-percent">{formatPercent(floor.healthPercentage)}</span>
    </ProgressBar>
  );
}
