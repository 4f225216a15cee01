import { useEffect, useRef, useState } from 'react';
import { animateValue, useReducedMotion } from 'motion/react';

/** How long a number takes to reach its new value, ms. */
export const COUNT_UP_MS = 700;

export interface CountUpOptions {
  /** Where the first count starts; by default the number shows its value at once. */
  from?: number;
  durationMs?: number;
  delayMs?: number;
  /** Jump to the value at once (a Skip button). */
  instant?: boolean;
}

/**
 * A number moving towards `target`: each time the target changes it counts there from what is
 * shown, ending exactly on it. With reduced motion (or `instant`) it is the target at once.
 */
export function useCountUp(
  target: number,
  { from = target, durationMs = COUNT_UP_MS, delayMs = 0, instant = false }: CountUpOptions = {},
): number {
  const still = useReducedMotion() === true || instant;
  const [shown, setShown] = useState(from);
  // Where a new count starts: what is on screen, even mid-count.
  const shownRef = useRef(from);

  useEffect(() => {
    if (still) {
      shownRef.current = target;
      return;
    }
    const show = (value: number) => {
      shownRef.current = value;
      setShown(value);
    };
    const animation = animateValue({
      keyframes: [shownRef.current, target],
      duration: durationMs,
      delay: delayMs,
      ease: 'easeOut',
      onUpdate: show,
      onComplete: () => show(target),
    });
    return () => animation.stop();
  }, [target, still, durationMs, delayMs]);

  return still ? target : shown;
}
