import { Message } from '../../ui/Message';
import type { Feedback } from './use-trade-action';

interface TradingFeedbackProps {
  feedback: Feedback | null;
  onDismiss: () => void;
}

/** The outcome of the last action or check; above the tabs, so it survives a switch between them. */
export function TradingFeedback({ feedback, onDismiss }: TradingFeedbackProps) {
  if (!feedback) return null;
  return (
    <div className="trading-feedback">
      <Message tone={feedback.tone === 'error' ? 'error' : 'info'}>
        <span data-testid="trading-feedback">{feedback.text}</span>
      </Message>
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
