import { useCallback, useEffect, useRef, useState } from 'react';
import { toUserMessage } from '../shared/errors';

export interface AsyncTaskContext {
  /** Aborted when the component unmounts, so long waits (polling) stop. */
  signal: AbortSignal;
  /** Shows progress to the player while the task goes on. */
  notify: (notice: string) => void;
}

export interface AsyncTaskState {
  busy: boolean;
  error: string | null;
  notice: string | null;
}

export interface AsyncTask extends AsyncTaskState {
  run: (action: (context: AsyncTaskContext) => Promise<void>, fallbackMessage: string) => Promise<void>;
  clearMessages: () => void;
}

const IDLE: AsyncTaskState = { busy: false, error: null, notice: null };

/**
 * Runs one player action at a time and keeps what the screen shows about it:
 * busy (buttons disabled), the error to display, and a progress notice.
 * Unexpected failures show `fallbackMessage`; UserFacingErrors show their own text.
 */
export function useAsyncTask(): AsyncTask {
  const [state, setState] = useState<AsyncTaskState>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback<AsyncTask['run']>(async (action, fallbackMessage) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    const { signal } = controller;
    const update = (next: (previous: AsyncTaskState) => AsyncTaskState) => {
      if (!signal.aborted) setState(next);
    };

    update(() => ({ busy: true, error: null, notice: null }));
    try {
      await action({ signal, notify: (notice) => update((previous) => ({ ...previous, notice })) });
      update((previous) => ({ ...previous, busy: false }));
    } catch (error) {
      update(() => ({ busy: false, error: toUserMessage(error, fallbackMessage), notice: null }));
    }
  }, []);

  const clearMessages = useCallback(() => setState((previous) => ({ ...previous, error: null, notice: null })), []);

  return { ...state, run, clearMessages };
}
