import { useId } from 'react';
import { AllianceMessages } from '@runik/contract';
import { postKickMember } from './alliance-api';
import { AllianceConfirms } from './alliance-messages';
import { useMemberAction, type AllianceSectionProps } from './use-alliance-action';

/** The members, leader first; the leader may kick anyone but themselves (spec section 5). */
export function MemberList(props: AllianceSectionProps) {
  const { username, alliance } = props;
  const titleId = useId();
  const kick = useMemberAction(props, postKickMember, AllianceMessages.failedKick);

  const kickMember = (member: string) => {
    if (window.confirm(AllianceConfirms.kick(member, alliance.name))) kick.mutate(member);
  };

  return (
    <section className="panel alliance-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="alliance-card__title">
        Members
      </h2>
      <ul className="alliance-list">
        {alliance.members.map((member) => (
          <li key={member} className="alliance-row" data-testid="alliance-member" data-username={member}>
            <span className="alliance-row__main alliance-row__name">
              {member}
              {member === alliance.leader && <span className="alliance-badge">Leader</span>}
              {member === username && <span className="alliance-muted"> (You)</span>}
            </span>
            {alliance.isLeader && member !== username && member !== alliance.leader && (
              <button type="button" className="button button--danger" disabled={kick.isPending} onClick={() => kickMember(member)}>
                Kick
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
