import { useEffect, useState } from 'react';

/** Turns `total` cards over one at a time, one every `intervalMs`; skip turns the rest over at once. */
export function useCardReveal(total: number, intervalMs: number) {
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((current) => Math.min(current + 1, total)), intervalMs);
    return () => clearTimeout(timer);
  }, [shown, total, intervalMs]);

  return { shown: Math.min(shown, total), skip: () => setShown(total) };
}
