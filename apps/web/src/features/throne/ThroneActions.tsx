import { ThroneMessages } from '@runik/contract';
import { Card } from '../../ui/Card';
import type { ThroneRole, VoteControl } from './throne-roles';
import { ThroneTexts } from './throne-texts';

/** The modals the action buttons open. */
export type ActionModal = 'vote' | 'solo' | 'garrison' | 'create-rally' | 'recall';

interface ThroneActionsProps {
  role: ThroneRole;
  vote: VoteControl;
  /** The battle is on (whoever holds the throne). */
  battleActive: boolean;
  onOpen: (modal: ActionModal) => void;
}

/**
 * The action buttons by role (spec section 6): the vote for leaders while voting is open; Garrison
 * and Recall for the alliance holding the throne, Solo Attack and Create Rally for the others.
 */
export function ThroneActions({ role, vote, battleActive, onOpen }: ThroneActionsProps) {
  const needsAlliance = battleActive && role.allianceId === null;
  const nothing = vote.kind === 'none' && !role.canFight && !needsAlliance;
  return (
    <Card titleId="throne-actions-title" title="Throne Actions">
      <div className="throne-actions">
        {vote.kind === 'button' && (
          <button type="button" className="button button--primary" disabled={vote.alreadyVoted} onClick={() => onOpen('vote')}>
            {vote.alreadyVoted ? ThroneMessages.alreadyVotedButton : 'Vote for Battle Time'}
          </button>
        )}
        {role.canFight &&
          (role.isOccupier ? (
            <>
              <ActionButton label="Garrison Troops" onClick={() => onOpen('garrison')} />
              <ActionButton label="Recall Troops" onClick={() => onOpen('recall')} />
            </>
          ) : (
            <>
              <ActionButton label="Solo Attack" onClick={() => onOpen('solo')} />
              <ActionButton label="Create Rally" onClick={() => onOpen('create-rally')} />
            </>
          ))}
      </div>
      {vote.kind === 'hint' && (
        <p className="throne-muted" data-testid="vote-hint">
          {vote.text}
        </p>
      )}
      {needsAlliance && (
        <p className="throne-muted" data-testid="fight-hint">
          {ThroneMessages.needsAlliance}
        </p>
      )}
      {nothing && <p className="throne-muted">{ThroneTexts.noActions}</p>}
    </Card>
  );
}

function ActionButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button button--primary" onClick={onClick}>
      {label}
    </button>
  );
}
