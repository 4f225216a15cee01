import { useCallback, useEffect, useRef, useState } from 'react';

/** Conversion success messages stay this long (spec section 9). */
export const SUCCESS_MESSAGE_MS = 3000;

/** A message that disappears by itself after `durationMs`. */
export function useFlashMessage(durationMs = SUCCESS_MESSAGE_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timerRef.current);
      setMessage(text);
      timerRef.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  const clear = useCallback(() => {
    clearTimeout(timerRef.current);
    setMessage(null);
  }, []);

  return { message, show, clear };
}
