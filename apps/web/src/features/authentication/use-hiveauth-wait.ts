import { useRef, useState } from 'react';
import type { HiveAuthWait } from '../../wallet/hiveauth';

/**
 * The wait of a HiveAuth request made within a task (`useAsyncTask`): the QR code and deep link shown while the wallet
 * has not answered, and Cancel. Used by the login form and the free registration alike.
 */
export function useHiveAuthWait() {
  const [wait, setWait] = useState<HiveAuthWait | null>(null);
  const controller = useRef<AbortController | null>(null);

  /** Runs `request` with the wait's callback and a signal that Cancel or the task's own end aborts. */
  const during = async <T>(
    taskSignal: AbortSignal,
    request: (onWait: (wait: HiveAuthWait) => void, signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    const own = new AbortController();
    controller.current = own;
    taskSignal.addEventListener('abort', () => own.abort(), { once: true });
    try {
      return await request(setWait, own.signal);
    } finally {
      controller.current = null;
      if (!taskSignal.aborted) setWait(null);
    }
  };

  /** Stops waiting for the wallet (the request expires unanswered on the server). */
  const cancel = () => controller.current?.abort();

  return { wait, during, cancel };
}
