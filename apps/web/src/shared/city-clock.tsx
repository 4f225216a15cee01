import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const TICK_MS = 1000;

const ClockContext = createContext(0);

/**
 * One clock for the whole screen, ticking each second: pending amounts, the harvest
 * countdown and training countdowns move together. Only the components reading it
 * re-render on a tick.
 */
export function CityClock({ children }: { children: ReactNode }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((previous) => previous + 1), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <ClockContext.Provider value={tick}>{children}</ClockContext.Provider>;
}

/**
 * The current time in ms. Inside CityClock the component renders again each second; the
 * time is read at render, so a render caused by new data (a queue just started) is not a
 * tick behind.
 */
export function useNow(): number {
  useContext(ClockContext);
  return Date.now();
}
