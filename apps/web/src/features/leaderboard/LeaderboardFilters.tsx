import { LEADERBOARD_FILTERS, type LeaderboardFilter } from '@runik/contract';
import { FILTER_LABELS } from './leaderboard-texts';

interface LeaderboardFiltersProps {
  active: LeaderboardFilter;
  onChange: (filter: LeaderboardFilter) => void;
}

/** City Hall Level, Army Power and Abyss Season; the one shown is pressed (spec section 2). */
export function LeaderboardFilters({ active, onChange }: LeaderboardFiltersProps) {
  return (
    <div className="leaderboard-filters" role="group" aria-label="Leaderboard">
      {LEADERBOARD_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className={`button ${filter === active ? 'button--primary' : ''}`}
          aria-pressed={filter === active}
          onClick={() => onChange(filter)}
        >
          {FILTER_LABELS[filter]}
        </button>
      ))}
    </div>
  );
}
