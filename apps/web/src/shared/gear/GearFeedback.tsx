import { Message } from '../../ui/Message';
import './gear-shared.css';

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
