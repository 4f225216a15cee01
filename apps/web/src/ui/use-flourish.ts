import { useEffect, useRef } from 'react';
import { useReducedMotion } from 'motion/react';

const FLOURISH_MS = 900;

// A swell and a golden glow, back to rest.
const FLOURISH: Keyframe[] = [
  { transform: 'scale(1)', boxShadow: '0 0 0 0 rgb(240 201 107 / 0%)' },
  { transform: 'scale(1.025)', boxShadow: '0 0 28px 6px rgb(240 201 107 / 55%)', offset: 0.35 },
  { transform: 'scale(1)', boxShadow: '0 0 0 0 rgb(240 201 107 / 0%)' },
];

/**
 * A short flourish on the element given the returned ref each time `value` rises (a level
 * gained); none on the first render, none with reduced motion. The browser plays it (Web
 * Animations), so the element stays mounted and keeps its focus.
 */
export function useRiseFlourish<T extends HTMLElement>(value: number) {
  const ref = useRef<T>(null);
  const previous = useRef(value);
  const reducedMotion = useReducedMotion() === true;

  useEffect(() => {
    const rose = value > previous.current;
    previous.current = value;
    // jsdom and old browsers have no Web Animations: no flourish, nothing else changes.
    if (rose && !reducedMotion && typeof ref.current?.animate === 'function') {
      ref.current.animate(FLOURISH, { duration: FLOURISH_MS, easing: 'ease-out' });
    }
  }, [value, reducedMotion]);

  return ref;
}
