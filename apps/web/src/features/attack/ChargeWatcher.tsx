import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { attackKeys } from '../../shared/query-keys';
import { useNow } from '../../shared/city-clock';

/**
 * Refetches the army stats once the next attack charge is due, so the charge count comes
 * from the server. Each due instant refetches once, even if the server's clock lags a little.
 */
export function ChargeWatcher({ username, nextRegenAt }: { username: string; nextRegenAt: number | null }) {
  const now = useNow();
  const queryClient = useQueryClient();
  const refetchedFor = useRef<number | null>(null);
  const due = nextRegenAt !== null && nextRegenAt <= now;

  useEffect(() => {
    if (!due || refetchedFor.current === nextRegenAt) return;
    refetchedFor.current = nextRegenAt;
    void queryClient.invalidateQueries({ queryKey: attackKeys.army(username) });
  }, [due, nextRegenAt, username, queryClient]);

  return null;
}
