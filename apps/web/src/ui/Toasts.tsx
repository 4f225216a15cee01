import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
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

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* Always in the page, so screen readers announce what is added to it. */}
      <div ref={stackRef} className="toast-stack" aria-live="polite" data-testid="toast-stack" data-over-popups>
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
