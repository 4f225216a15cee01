import { useState } from 'react';
import { ThroneMessages, type ThroneWar } from '@runik/contract';
import { THRONE_SLOTS, type ThroneSlot } from '@runik/rules';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { postVote } from './throne-api';
import { ThroneTexts } from './throne-texts';
import { useCloseOnSuccess } from './use-close-on-success';
import { useThroneAction, type ReportMessage } from './use-throne-action';

interface VoteModalProps {
  username: string;
  votes: ThroneWar['votingPhase']['votes'];
  report: ReportMessage;
  onClose: () => void;
}

/** Vote for Battle Time, then Confirm Vote; Go Back returns to the slots (spec section 4). */
export function VoteModal({ username, votes, report, onClose }: VoteModalProps) {
  const [slot, setSlot] = useState<ThroneSlot | null>(null);
  const vote = useThroneAction({
    request: postVote,
    success: (_response, body) => ThroneMessages.voted(body.timeSlot),
    fallback: ThroneMessages.voteFailed,
    report,
  });
  const succeeded = vote.succeeded !== null;
  useCloseOnSuccess(succeeded, onClose, true);

  if (slot === null) {
    return (
      <Modal title="Vote for Battle Time" onClose={onClose} testId="vote-modal">
        <div className="throne-modal">
          <p className="throne-modal__note">{ThroneTexts.chooseSlot}</p>
          <ul className="throne-slots" aria-label="Battle times">
            {THRONE_SLOTS.map((choice) => (
              <li key={choice}>
                <button type="button" className="button throne-slots__slot" onClick={() => setSlot(choice)}>
                  <span>{choice} UTC</span>
                  <span className="throne-slots__votes" data-testid={`slot-votes-${choice}`}>
                    {ThroneTexts.votes(votes[choice].length)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Confirm Vote" onClose={onClose} testId="confirm-vote-modal">
      <div className="throne-modal">
        <p className="throne-modal__note">{ThroneTexts.confirmSlot(slot)}</p>
        {vote.error && <Message tone="error">{vote.error}</Message>}
        {vote.succeeded && <Message tone="success">{vote.succeeded}</Message>}
        <div className="throne-modal__buttons">
          <button type="button" className="button" disabled={vote.pending || succeeded} onClick={() => setSlot(null)}>
            Go Back
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={vote.pending || succeeded}
            aria-busy={vote.pending}
            onClick={() => vote.run({ hiveUsername: username, timeSlot: slot })}
          >
            Confirm Vote
          </button>
        </div>
      </div>
    </Modal>
  );
}
