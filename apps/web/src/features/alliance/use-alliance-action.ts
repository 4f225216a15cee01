import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AllianceActionResponse, AllianceMemberActionRequest, AllianceView } from '@runik/contract';
import { cityKeys, allianceKeys } from '../../shared/query-keys';
import { apiErrorMessage } from '../../api/http-client';

/** What the page's feedback line shows after an action. */
export interface Feedback {
  tone: 'error' | 'success';
  text: string;
}

export type ReportFeedback = (feedback: Feedback | null) => void;

interface AllianceActionOptions<Variables, Response> {
  request: (variables: Variables) => Promise<Response>;
  /** Shown when the server sent no `{ error }` (spec section 8). */
  fallback: string;
  /** Create and expand spend RUNIK: the city's balance must be reloaded. */
  spendsRunik?: boolean;
  report: ReportFeedback;
}

/**
 * One alliance action: the server's message is shown either way (its error, else the
 * fallback), and the alliance is reloaded afterwards (spec section 7). The mutation stays
 * pending until the reload is done, so the page never shows a stale state as idle.
 */
export function useAllianceAction<Variables, Response extends AllianceActionResponse = AllianceActionResponse>(
  username: string,
  { request, fallback, spendsRunik = false, report }: AllianceActionOptions<Variables, Response>,
) {
  const queryClient = useQueryClient();
  const reloadAlliance = () => queryClient.invalidateQueries({ queryKey: allianceKeys.all });
  return useMutation<Response, unknown, Variables>({
    mutationFn: request,
    onMutate: () => report(null),
    onSuccess: async (response) => {
      report({ tone: 'success', text: response.message });
      const reloads = [reloadAlliance()];
      if (spendsRunik) reloads.push(queryClient.invalidateQueries({ queryKey: cityKeys.city(username) }));
      await Promise.all(reloads);
    },
    onError: (error) => {
      report({ tone: 'error', text: apiErrorMessage(error, fallback) });
      // The refusal may come from a change this page has not seen (a kick, a full alliance).
      void reloadAlliance();
    },
  });
}

/** What every part of the My Alliance view works with. */
export interface AllianceSectionProps {
  username: string;
  alliance: AllianceView;
  report: ReportFeedback;
}

/** Accept, reject or kick `targetUsername`: the leader's calls on another player (spec section 7). */
export function useMemberAction(
  { username, alliance, report }: AllianceSectionProps,
  request: (body: AllianceMemberActionRequest) => Promise<AllianceActionResponse>,
  fallback: string,
) {
  return useAllianceAction<string>(username, {
    request: (targetUsername) => request({ leaderUsername: username, targetUsername, allianceId: alliance.id }),
    fallback,
    report,
  });
}
