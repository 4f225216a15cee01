import { useState } from 'react';
import type { LeaderboardFilter, SeasonListEntry } from '@runik/contract';
import { useSession } from '../../shared/use-session';
import { useLeaderboard, useSeasons } from './leaderboard-api';
import { FILTER_LABELS, LeaderboardTexts } from './leaderboard-texts';
import { LeaderboardBoard } from './LeaderboardBoard';
import { LeaderboardFilters } from './LeaderboardFilters';
import { SeasonCountdown } from './SeasonCountdown';
import { SeasonPicker } from './SeasonPicker';
import './leaderboard.css';

/** The season shown until the player picks one: the active one (spec section 7), else the first listed. */
function defaultSeason(seasons: SeasonListEntry[]): SeasonListEntry | undefined {
  return seasons.find((season) => season.isActive) ?? seasons[0];
}

/** The Leaderboards (route /leaderboard, spec section 2): three boards, the Abyss one per season. */
export function LeaderboardPage() {
  const username = useSession()?.hiveUsername ?? null;
  const [filter, setFilter] = useState<LeaderboardFilter>('chLevel');
  const [page, setPage] = useState(1);
  const [chosenSeasonId, setChosenSeasonId] = useState<number | null>(null);

  const bySeason = filter === 'abyssSeason';
  const seasons = useSeasons({ enabled: bySeason });
  const seasonList = seasons.data ?? [];
  const season = seasonList.find((entry) => entry.seasonId === chosenSeasonId) ?? defaultSeason(seasonList);
  const board = useLeaderboard(
    { filter, seasonId: bySeason ? season?.seasonId : undefined, page, hiveUsername: username ?? undefined },
    // Without the season list the server picks the current season; with it, wait to ask for the right one.
    { enabled: !bySeason || !seasons.isPending },
  );

  const seasonInfo = bySeason ? (board.data?.seasonInfo ?? season) : undefined;

  const changeFilter = (next: LeaderboardFilter) => {
    setFilter(next);
    setPage(1);
  };
  const changeSeason = (seasonId: number) => {
    setChosenSeasonId(seasonId);
    setPage(1);
  };

  return (
    <section className="leaderboard" aria-labelledby="leaderboard-title">
      <h1 id="leaderboard-title" className="leaderboard__title">
        {LeaderboardTexts.title}
      </h1>
      <LeaderboardFilters active={filter} onChange={changeFilter} />
      {bySeason && (season || seasonInfo) && (
        <div className="leaderboard-season panel">
          {season && <SeasonPicker seasons={seasonList} selected={season.seasonId} onChange={changeSeason} />}
          {seasonInfo && <SeasonCountdown key={seasonInfo.seasonId} label={seasonInfo.label} endDate={seasonInfo.endDate} />}
        </div>
      )}
      <LeaderboardBoard board={board} caption={FILTER_LABELS[filter]} username={username} onPage={setPage} />
    </section>
  );
}
