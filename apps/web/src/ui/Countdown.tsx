import { useEffect, useState } from 'react';

interface CountdownProps {
  /** The instant counted down to, epoch ms. */
  to: number;
  /** The time left (ms, above 0) as shown. */
  format: (msLeft: number) => string;
  /** Shown once the instant has passed; by default the format of no time left. */
  passed?: string;
  className?: string;
  testId?: string;
}

/** Time left until an instant, live: the text changes as each second passes. */
export function Countdown({ to, format, passed, className, testId }: CountdownProps) {
  const msLeft = useMsLeft(to);
  const over = !(msLeft > 0);
  return (
    <span role="timer" className={className} data-testid={testId}>
      {over && passed !== undefined ? passed : format(over ? 0 : msLeft)}
    </span>
  );
}

/**
 * Ms left until `to` (negative once passed, NaN for no instant), rendered again each time the
 * whole seconds left change: a countdown showing seconds never lags by a tick.
 */
export function useMsLeft(to: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const left = to - Date.now();
    if (!(left > 0)) return;
    const timer = setTimeout(() => setTick((current) => current + 1), ((left - 1) % 1000) + 1);
    return () => clearTimeout(timer);
  }, [to, tick]);
  return to - Date.now();
}
