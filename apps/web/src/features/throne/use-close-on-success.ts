import { useEffect, useEffectEvent } from 'react';
import { THRONE_MODAL_CLOSE_MS } from './throne-clock';

/**
 * Closes a modal once its action succeeded: at once, or after 2 s with the success text still in
 * view when `linger` (create, join, recall and vote; spec section 4).
 */
export function useCloseOnSuccess(succeeded: boolean, onClose: () => void, linger: boolean): void {
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!succeeded) return;
    if (!linger) return close();
    const timer = setTimeout(close, THRONE_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, linger]);
}
