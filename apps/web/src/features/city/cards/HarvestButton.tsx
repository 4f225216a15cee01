import { formatCountdown } from '@runik/rules';
import { useNow } from '../../../shared/city-clock';

interface HarvestButtonProps {
  /** When the next harvest is allowed, ms; null when the city never harvested. */
  nextHarvestAt: number | null;
  busy: boolean;
  onHarvest: () => void;
}

/** Harvest when allowed; otherwise a countdown (h:mm:ss) to the next harvest (spec section 4). */
export function HarvestButton({ nextHarvestAt, busy, onHarvest }: HarvestButtonProps) {
  const now = useNow();
  const ready = nextHarvestAt === null || nextHarvestAt <= now;
  return (
    <button
      type="button"
      className="button button--primary city-harvest"
      data-testid="harvest-button"
      data-first-step="harvest"
      disabled={!ready || busy}
      aria-busy={busy}
      onClick={onHarvest}
    >
      {ready ? 'Harvest' : `Harvest in ${formatCountdown(nextHarvestAt - now)}`}
    </button>
  );
}
