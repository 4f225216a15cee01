import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PackMessages, type PackOpenResponse } from '@runik/contract';
import { packKeys } from '../../shared/query-keys';
import { apiErrorMessage } from '../../api/http-client';
import { postOpenPacks } from './packs-api';

export type Opening =
  | { phase: 'opening'; purchaseId: number; packCount: number }
  | { phase: 'opened'; purchaseId: number; packCount: number; result: PackOpenResponse }
  | { phase: 'failed'; purchaseId: number; packCount: number; error: string };

/** A response without its gears cannot be shown (spec section 8). */
function hasGears(response: unknown): response is PackOpenResponse {
  return typeof response === 'object' && response !== null && 'gears' in response && Array.isArray(response.gears);
}

/**
 * Confirmed purchases waiting to be opened, first one on screen. Each is opened once
 * (POST /api/packs/open/{id}) as soon as it is queued; the overlay shows them in turn.
 */
export function usePackOpening(username: string) {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<Opening[]>([]);
  // Every purchase this page has asked to open: opening is done once per purchase.
  const requested = useRef(new Set<number>());

  const settle = useCallback((purchaseId: number, next: (opening: Opening) => Opening) => {
    setQueue((current) => current.map((opening) => (opening.purchaseId === purchaseId ? next(opening) : opening)));
  }, []);

  const request = useCallback(
    async (purchaseId: number) => {
      try {
        const response = await postOpenPacks(purchaseId);
        settle(purchaseId, ({ packCount }) =>
          hasGears(response)
            ? { phase: 'opened', purchaseId, packCount: response.packCount ?? packCount, result: response }
            : { phase: 'failed', purchaseId, packCount, error: PackMessages.invalidOpening },
        );
      } catch (error) {
        const message = apiErrorMessage(error, PackMessages.openFailed);
        settle(purchaseId, ({ packCount }) => ({ phase: 'failed', purchaseId, packCount, error: message }));
      } finally {
        void queryClient.invalidateQueries({ queryKey: packKeys.info(username) });
        void queryClient.invalidateQueries({ queryKey: packKeys.pending(username) });
      }
    },
    [queryClient, settle, username],
  );

  /** Queues a confirmed purchase and opens it; a purchase asked for before is left alone. */
  const open = useCallback(
    (purchaseId: number, packCount: number) => {
      if (requested.current.has(purchaseId)) return;
      requested.current.add(purchaseId);
      setQueue((current) => [...current, { phase: 'opening', purchaseId, packCount }]);
      void request(purchaseId);
    },
    [request],
  );

  const retry = useCallback(
    (purchaseId: number) => {
      settle(purchaseId, ({ packCount }) => ({ phase: 'opening', purchaseId, packCount }));
      void request(purchaseId);
    },
    [request, settle],
  );

  const close = useCallback(() => setQueue((current) => current.slice(1)), []);

  return { current: queue[0] ?? null, open, retry, close };
}
