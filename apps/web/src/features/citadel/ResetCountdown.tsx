import { formatCountdown } from '@runik/rules';
import { citadelKeys } from '../../shared/query-keys';
import { Countdown } from '../../ui/Countdown';
import { useRefreshWhenDue } from '../../shared/due-refresh';

/**
 * Time until the daily attack count resets (08:00 Manila, from the server). Once the reset is
 * due the progress is fetched again, once per reset, so the count comes from the server.
 */
export function ResetCountdown({ username, nextResetAt }: { username: string; nextResetAt: string }) {
  const resetAt = Date.parse(nextResetAt);
  useRefreshWhenDue([Number.isFinite(resetAt) ? resetAt : null], [citadelKeys.progress(username)]);

  if (!Number.isFinite(resetAt)) return null;
  return (
    <time dateTime={nextResetAt} title={new Date(resetAt).toLocaleString()} data-testid="next-reset">
      (resets in <Countdown to={resetAt} format={formatCountdown} />)
    </time>
  );
}
