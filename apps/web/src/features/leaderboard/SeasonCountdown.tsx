import { useEffect, useState } from 'react';
import { LeaderboardTexts } from './leaderboard-texts';
import { countdownTo, formatCountdownParts, formatSeasonDate } from '../../shared/season-clock';

const TICK_MS = 1000;

/** The time left in a season, ticking each second, and its end on the Manila clock (spec section 9). */
export function SeasonCountdown({ label, endDate }: { label: string; endDate: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const endMs = Date.parse(endDate);
  const endsAt = formatSeasonDate(endMs);
  if (endsAt === null) return null;
  const left = countdownTo(endMs, now);
  return (
    <div className="leaderboard-season__countdown" data-testid="season-countdown">
      {left ? (
        <p className="leaderboard-season__left">
          {LeaderboardTexts.seasonEndsIn(label)}{' '}
          <span role="timer" className="leaderboard-season__clock" data-testid="season-time-left">
            {formatCountdownParts(left)}
          </span>
        </p>
      ) : (
        <p className="leaderboard-season__left">{LeaderboardTexts.seasonEnded(label)}</p>
      )}
      <p className="leaderboard-season__end" data-testid="season-end-date">
        {LeaderboardTexts.endsAt(endsAt)}
      </p>
    </div>
  );
}
