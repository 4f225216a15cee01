import type { ReactNode } from 'react';
import './state-panel.css';

interface StatePanelProps {
  children: ReactNode;
  /** A failed load: announced at once, with a Try again button when `onRetry` is given. */
  error?: boolean;
  onRetry?: () => void;
  /** The retry is under way: the button waits for it. */
  retrying?: boolean;
  retryLabel?: string;
  /** On the message itself, so a test reads the text without the button's. */
  testId?: string;
}

/** A screen's loading, empty or failed state in place of its content. */
export function StatePanel({ children, error = false, onRetry, retrying = false, retryLabel = 'Try again', testId }: StatePanelProps) {
  return (
    <div className={`state-panel panel${error ? ' state-panel--error' : ''}`}>
      <p role={error ? 'alert' : 'status'} data-testid={testId}>
        {children}
      </p>
      {onRetry && (
        <button type="button" className="button" disabled={retrying} onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
