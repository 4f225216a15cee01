import { Message } from '../../ui/Message';

/** Red for a text that speaks of a failure or an error, green otherwise (spec section 8). */
export function messageTone(text: string): 'error' | 'success' {
  return /fail|error/i.test(text) ? 'error' : 'success';
}

/** The page's feedback line: the outcome of the last action. */
export function ThroneMessageLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="throne-message" data-testid="throne-message">
      <Message tone={messageTone(message)}>{message}</Message>
    </div>
  );
}
