import { Message } from '../../ui/Message';
import type { Feedback } from './use-trade-action';

interface P2pFeedbackProps {
  feedback: Feedback | null;
  onDismiss: () => void;
}

/** The outcome of the last action or check; above the tabs, so it survives a switch between them. */
export function P2pFeedback({ feedback, onDismiss }: P2pFeedbackProps) {
  if (!feedback) return null;
  return (
    <div className="p2p-feedback">
      <Message tone={feedback.tone === 'error' ? 'error' : 'info'}>
        <span data-testid="p2p-feedback">{feedback.text}</span>
      </Message>
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
