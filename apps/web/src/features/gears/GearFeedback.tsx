import type { ReactNode } from 'react';
import { Message } from '../../ui/Message';
import './gear-shared.css';

/** A whole-area state: loading, logged out, or a load failure. */
export function GearPlaceholder({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <p className={`gear-placeholder panel ${error ? 'gear-placeholder--error' : ''}`} role={error ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

interface GearFeedbackProps {
  tone: 'error' | 'info';
  text: string;
  onDismiss: () => void;
  testId: string;
}

/** The outcome of the last action, until dismissed (errors) or replaced. */
export function GearFeedback({ tone, text, onDismiss, testId }: GearFeedbackProps) {
  return (
    <div className="gear-feedback" data-testid={testId}>
      <Message tone={tone}>{text}</Message>
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
