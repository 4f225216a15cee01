import { Message } from '../../ui/Message';
import { BattleReportLink } from '../../shared/battle/BattleReportLink';
import type { ThroneFeedback } from './use-throne-action';

/** Red for a text that speaks of a failure or an error, green otherwise (spec section 8). */
export function messageTone(text: string): 'error' | 'success' {
  return /fail|error/i.test(text) ? 'error' : 'success';
}

/** The page's feedback line: the outcome of the last action, with its battle's full report when it fought one. */
export function ThroneMessageLine({ message }: { message: ThroneFeedback | null }) {
  if (!message) return null;
  return (
    <div className="throne-message" data-testid="throne-message">
      <Message tone={messageTone(message.text)}>
        {message.text}
        {message.battleId !== null && (
          <>
            {' '}
            <BattleReportLink kind="throne" id={message.battleId} />
          </>
        )}
      </Message>
    </div>
  );
}
