import type { ReactNode } from 'react';
import './state-panel.css';

interface StatePanelProps {
  children: ReactNode;
  /** A failed load: announced at once, with a Try again button when `onRetry` is given. */
  error?: boolean;
  onRetry?: () => void;
}

/** A screen's loading or failed state in place of its content. */
export function StatePanel({ children, error = false, onRetry }: StatePanelProps) {
  return (
    <div className={`state-panel panel${error ? ' state-panel--error' : ''}`}>
      <p role={error ? 'alert' : 'status'}>{children}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
