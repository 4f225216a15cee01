import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { SPOTLIGHT_ATTRIBUTE } from '../shared/first-step-spotlight';
import './toasts.css';

/** A toast hides itself after this long unless dismissed first. */
export const TOAST_HIDE_MS = 6000;
/** A burst of events keeps only the newest few on screen. */
const MAX_TOASTS = 4;

/** An error toast (a refused action) stands out and is announced at once. */
export type ToastTone = 'info' | 'error';

interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

export type ShowToast = (text: string, tone?: ToastTone) => void;

const ToastContext = createContext<ShowToast>(() => undefined);

/** Shows a short message in the corner of the screen (inside a ToastStack). */
export function useShowToast(): ShowToast {
  return useContext(ToastContext);
}

/**
 * The app's toasts: short, polite announcements stacked in a corner, each dismissible and
 * hiding itself after TOAST_HIDE_MS.
 */
export function ToastStack({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);
  const show = useCallback<ShowToast>((text, tone = 'info') => {
    nextId.current += 1;
    const toast = { id: nextId.current, text, tone };
    setToasts((shown) => [...shown, toast].slice(-MAX_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const stackRef = useStackHeight();
  const flipped = useClearOfTheControls(stackRef, toasts.length);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Always in the page, so screen readers announce what is added to it. */}
      <div
        ref={stackRef}
        className={`toast-stack${flipped ? ` ${FLIPPED}` : ''}`}
        aria-live="polite"
        data-testid="toast-stack"
        data-over-popups
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * Publishes the stack's height as `--toast-stack-height`, so an open popup moves down below the
 * toasts instead of lying under them (toasts.css; issue 35: a toast covered the convert popup).
 */
function useStackHeight() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const stack = ref.current;
    if (!stack || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--toast-stack-height', `${stack.offsetHeight}px`));
    observer.observe(stack);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--toast-stack-height');
    };
  }, []);
  return ref;
}

/** The stack at the other end of the screen from its usual place (toasts.css). */
const FLIPPED = 'toast-stack--flipped';
/** Room above the control the guide points at for its arrow (first-steps.css). */
const ARROW_ROOM_PX = 20;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) => a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * What the toasts must leave in sight, most needed first: the text field the player types in and the control the
 * first-steps guide points at (with its arrow); best also the card around that control (its header, its other
 * buttons). Each a list of boxes to clear together.
 */
function keptInSight(): Box[][] {
  const needed: Box[] = [];
  const focused = document.activeElement;
  if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) needed.push(focused.getBoundingClientRect());
  const pointed = document.querySelector(`[${SPOTLIGHT_ATTRIBUTE}]`);
  if (!pointed) return needed.length > 0 ? [needed] : [];
  const { top, bottom, left, right } = pointed.getBoundingClientRect();
  needed.push({ top: top - ARROW_ROOM_PX, bottom, left, right });
  const panel = pointed.closest('.panel');
  return panel ? [[...needed, panel.getBoundingClientRect()], needed] : [needed];
}

/**
 * Whether the toasts take the other end of the screen: where they usually stand (toasts.css) they would cover the
 * focused text field or the control the guide points at (issue 45: on a phone, under the navigation bar, they covered
 * the Quarters' header the guide had just scrolled into view). They move only when the other end is clearer, and
 * look again as the page scrolls, the focus moves or toasts come and go.
 */
function useClearOfTheControls(stackRef: RefObject<HTMLDivElement | null>, count: number): boolean {
  const [flipped, setFlipped] = useState(false);
  useEffect(() => {
    const stack = stackRef.current;
    if (!stack || count === 0) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const wanted = keptInSight();
      if (wanted.length === 0) return;
      const current = stack.classList.contains(FLIPPED);
      const boxAt = (flip: boolean) => {
        stack.classList.toggle(FLIPPED, flip);
        return stack.getBoundingClientRect();
      };
      const here = boxAt(current);
      const there = boxAt(!current);
      stack.classList.toggle(FLIPPED, current);
      const clear = (box: Box, boxes: Box[]) => boxes.every((other) => !overlaps(box, other));
      for (const boxes of wanted) {
        if (clear(here, boxes)) return;
        if (clear(there, boxes)) {
          setFlipped(!current);
          return;
        }
      }
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    document.addEventListener('focusin', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('focusin', schedule);
    };
  }, [stackRef, count]);
  return flipped;
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);

  return (
    <div
      className={`toast toast--${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : undefined}
      data-testid="toast"
      data-tone={toast.tone}
    >
      <p className="toast__text" data-testid="toast-text">
        {toast.text}
      </p>
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
