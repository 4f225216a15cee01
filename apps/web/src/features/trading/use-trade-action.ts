import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cityKeys, gearKeys, tradingKeys } from '../../shared/query-keys';
import { toUserMessage } from '../../shared/errors';

/** What the page's feedback line shows. */
export interface Feedback {
  tone: 'error' | 'success';
  text: string;
  /** The listing a success is about: the line goes once the listing does (sold or removed; issue 35). */
  listingId?: number;
}

export type ReportFeedback = (feedback: Feedback | null) => void;

/** What every tab works with. */
export interface TradeContext {
  username: string;
  /** The canWithdraw privilege: without it Buy, List and Remove are disabled (spec section 6). */
  canTrade: boolean;
  /** Whole RUNIK, up to three decimals. */
  runikBalance: number;
  report: ReportFeedback;
}

interface TradeActionOptions<Variables, Response> {
  request: (variables: Variables) => Promise<Response>;
  /** Shown when the server sent no `{ error }` (spec section 8). */
  fallback: string;
  success: (response: Response) => string;
  /** The listing the success made, when it made one. */
  listingOf?: (response: Response) => number;
}

/**
 * One trade (buy, list or remove). The outcome goes to the feedback line; afterwards all of
 * the marketplace is reloaded (listings and balance), also after a refusal, which may come from
 * a change this page has not seen (a listing sold meanwhile). The mutation stays pending until
 * that reload is done, so the page never shows a stale state as idle.
 */
export function useTradeAction<Variables, Response>(
  { username, report }: TradeContext,
  { request, fallback, success, listingOf }: TradeActionOptions<Variables, Response>,
) {
  const queryClient = useQueryClient();
  const reloadTrading = () => queryClient.invalidateQueries({ queryKey: tradingKeys.all });
  return useMutation<Response, unknown, Variables>({
    mutationFn: request,
    onMutate: () => report(null),
    onSuccess: async (response) => {
      // RUNIK moved (the city shows the balance) and a gear changed owner or its listed flag.
      void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
      void queryClient.invalidateQueries({ queryKey: gearKeys.all });
      await reloadTrading();
      // After the reload: a line about a new listing is checked against the listings that include it.
      report({ tone: 'success', text: success(response), listingId: listingOf?.(response) });
    },
    onError: async (error) => {
      report({ tone: 'error', text: toUserMessage(error, fallback) });
      await reloadTrading();
    },
  });
}
