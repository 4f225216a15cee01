import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cityKeys, throneKeys } from '../../shared/query-keys';
import { apiErrorMessage } from '../../api/http-client';

/** What the page's feedback line shows: a text, and the battle it tells of when one was fought. */
export interface ThroneFeedback {
  text: string;
  battleId: number | null;
}

/** Puts a text, with its battle if any, on the page's feedback line. */
export type ReportMessage = (feedback: ThroneFeedback) => void;

interface ThroneActionOptions<Variables, Response> {
  request: (variables: Variables) => Promise<Response>;
  /** The spec's success text (section 8). */
  success: (response: Response, variables: Variables) => string;
  /** Shown when the server sent no `{ error }` (spec section 8). */
  fallback: string;
  /** The battle the action fought, whose report the feedback line links to (a solo attack). */
  battle?: (response: Response) => number;
  report: ReportMessage;
}

/** Where an action stands, for the modal or row that started it. */
export interface ThroneActionState {
  pending: boolean;
  /** The success text once the action succeeded. */
  succeeded: string | null;
  error: string | null;
}

/**
 * One throne action: its outcome goes to the feedback line, the server's error or the spec's
 * default on failure; after a success the throne (status, troops, details) and the city, whose
 * army the troops come from, are reloaded (spec section 4).
 */
export function useThroneAction<Variables, Response>({
  request,
  success,
  fallback,
  battle,
  report,
}: ThroneActionOptions<Variables, Response>) {
  const queryClient = useQueryClient();
  const mutation = useMutation<Response, unknown, Variables>({
    mutationFn: request,
    onSuccess: (response, variables) => {
      report({ text: success(response, variables), battleId: battle?.(response) ?? null });
      void queryClient.invalidateQueries({ queryKey: throneKeys.all });
      void queryClient.invalidateQueries({ queryKey: cityKeys.all });
    },
    onError: (error) => report({ text: apiErrorMessage(error, fallback), battleId: null }),
  });
  const state: ThroneActionState = {
    pending: mutation.isPending,
    succeeded: mutation.isSuccess ? success(mutation.data, mutation.variables) : null,
    error: mutation.isError ? apiErrorMessage(mutation.error, fallback) : null,
  };
  return { run: mutation.mutate, ...state };
}
