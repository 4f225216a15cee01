import { useId } from 'react';
import type { SeasonListEntry } from '@runik/contract';
import { LeaderboardTexts } from './leaderboard-texts';

interface SeasonPickerProps {
  seasons: SeasonListEntry[];
  selected: number;
  onChange: (seasonId: number) => void;
}

/** The season dropdown: each season's label, the active one marked (Current) (spec section 2). */
export function SeasonPicker({ seasons, selected, onChange }: SeasonPickerProps) {
  const id = useId();
  return (
    <div className="field leaderboard-season__picker">
      <label htmlFor={id} className="field__label">
        Season
      </label>
      <select id={id} className="field__input" value={selected} onChange={(event) => onChange(Number(event.target.value))}>
        {seasons.map((season) => (
          <option key={season.seasonId} value={season.seasonId}>
            {season.isActive ? LeaderboardTexts.currentSeason(season.label) : season.label}
          </option>
        ))}
      </select>
    </div>
  );
}
