/**
 * jsdom has no matchMedia: this one answers the reduced-motion query with a setting a test
 * can change, and tells motion (which listens for "change") when it does. Every other query
 * does not match.
 */
// On globalThis, not in this module: with Vitest's module isolation off, the setup file and a test
// may each get their own copy of this module, and motion listens to whichever installed matchMedia.
const state: { reduced: boolean; listeners: Set<() => void> } = ((globalThis as { __reducedMotion?: typeof state }).__reducedMotion ??= {
  reduced: true,
  listeners: new Set(),
});
const { listeners } = state;

const reducedMotionQuery = {
  media: '(prefers-reduced-motion)',
  get matches() {
    return state.reduced;
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
  state.reduced = value;
  listeners.forEach((listener) => listener());
}
