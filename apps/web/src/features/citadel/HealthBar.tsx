import type { FloorResponse } from '@runik/contract';
import { formatPercent, formatPoints } from './citadel-format';

/** The boss's remaining hit points: a bar at healthPercentage and "currentHp / maxHp". */
export function HealthBar({ floor }: { floor: FloorResponse }) {
  // The width is clamped; the announced value is the server's as it is.
  const width = Math.min(100, Math.max(0, floor.healthPercentage));
  return (
    <div className="citadel-health">
      <div
        className="citadel-health__track"
        role="progressbar"
        aria-label="Boss health"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={floor.healthPercentage}
        aria-valuetext={`${formatPercent(floor.healthPercentage)} health left`}
      >
        <div className="citadel-health__fill" style={{ width: `${width}%` }} />
      </div>
      <p className="citadel-health__text">
        <span data-testid="boss-hp">
          {formatPoints(floor.currentHp)} / {formatPoints(floor.maxHp)}
        </span>
        <span data-testid="boss-health-percent">{formatPercent(floor.healthPercentage)}</span>
      </p>
    </div>
  );
}
