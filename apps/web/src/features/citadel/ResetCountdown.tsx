import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatCountdown } from '@runik/rules';
import { citadelKeys } from '../../shared/query-keys';
import { Countdown } from '../../ui/Countdown';
import { useNow } from '../../shared/city-clock';

/**
 * Time until the daily attack count resets (08:00 Manila, from the server). Once the reset is
 * due the progress is fetched again, once per reset, so the count comes from the server.
 */
export function ResetCountdown({ username, nextResetAt }: { username: string; nextResetAt: string }) {
  const now = useNow();
  const queryClient = useQueryClient();
  const refetchedFor = useRef<string | null>(null);
  const resetAt = Date.parse(nextResetAt);
  const due = Number.isFinite(resetAt) && resetAt <= now;

  useEffect(() => {
    if (!due || refetchedFor.current === nextResetAt) return;
    refetchedFor.current = nextResetAt;
    void queryClient.invalidateQueries({ queryKey: citadelKeys.progress(username) });
  }, [due, nextResetAt, username, queryClient]);

  if (!Number.isFinite(resetAt)) return null;
  return (
    <time dateTime={nextResetAt} title={new Date(resetAt).toLocaleString()} data-testid="next-reset">
      (resets in <Countdown to={resetAt} format={formatCountdown} />)
    </time>
  );
}
