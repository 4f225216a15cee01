import { CrossIcon } from '../../ui/icons/SymbolIcons';
import { Message } from '../../ui/Message';
import type { Feedback } from './use-alliance-action';

/** A form's refusal, with the spec's cross prefix (section 8), drawn as an icon. */
export function AllianceError({ message }: { message: string }) {
  return (
    <Message tone="error">
      <CrossIcon /> {message}
    </Message>
  );
}

interface AllianceFeedbackProps {
  feedback: Feedback | null;
  onDismiss: () => void;
}

/**
 * The outcome of the last action. It lives above the views, so it survives the switch
 * between them (created, joined, left); it sticks under the navbar so it is seen from
 * anywhere on a long page.
 */
export function AllianceFeedback({ feedback, onDismiss }: AllianceFeedbackProps) {
  if (!feedback) return null;
  return (
    <div className="alliance-feedback" data-testid="alliance-feedback">
      {feedback.tone === 'error' ? <AllianceError message={feedback.text} /> : <Message tone="info">{feedback.text}</Message>}
      <button type="button" className="button button--ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
