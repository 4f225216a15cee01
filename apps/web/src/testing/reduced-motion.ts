/**
 * jsdom has no matchMedia: this one answers the reduced-motion query with a setting a test
 * can change, and tells motion (which listens for "change") when it does. Every other query
 * does not match.
 */
const listeners = new Set<() => void>();
let reduced = true;

const reducedMotionQuery = {
  media: '(prefers-reduced-motion)',
  get matches() {
    return reduced;
  },
  onchange: null,
  addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
  removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  addListener: (listener: () => void) => listeners.add(listener),
  removeListener: (listener: () => void) => listeners.delete(listener),
  dispatchEvent: () => false,
};

function matchMedia(query: string): MediaQueryList {
  if (query === reducedMotionQuery.media) return reducedMotionQuery as unknown as MediaQueryList;
  return { ...reducedMotionQuery, media: query, matches: false } as unknown as MediaQueryList;
}

export function installMatchMedia(): void {
  window.matchMedia = matchMedia;
}

/** Whether the player asks for reduced motion; read by components mounted after the change. */
export function setReducedMotion(value: boolean): void {
  reduced = value;
  listeners.forEach((listener) => listener());
}
