import { AllianceMessages } from '@runik/contract';
import { Badge } from '../../ui/Badge';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Card } from '../../ui/Card';
import { postKickMember } from './alliance-api';
import { AllianceConfirms } from './alliance-messages';
import { useMemberAction, type AllianceSectionProps } from './use-alliance-action';

/** The members, leader first; the leader may kick anyone but themselves (spec section 5). */
export function MemberList(props: AllianceSectionProps) {
  const { username, alliance } = props;
  const kick = useMemberAction(props, postKickMember, AllianceMessages.failedKick);
  const confirm = useConfirm();

  const kickMember = async (member: string) => {
    if (await confirm({ message: AllianceConfirms.kick(member, alliance.name), confirmLabel: 'Kick', danger: true })) kick.mutate(member);
  };

  return (
    <Card title="Members">
      <ul className="alliance-list">
        {alliance.members.map((member) => (
          <li key={member} className="alliance-row" data-testid="alliance-member" data-username={member}>
            <span className="alliance-row__main alliance-row__name alliance-member">
              {member}
              {member === alliance.leader && <Badge tone="gold">Leader</Badge>}
              {member === username && <span className="alliance-muted">(You)</span>}
            </span>
            {alliance.isLeader && member !== username && member !== alliance.leader && (
              <button type="button" className="button button--danger" disabled={kick.isPending} onClick={() => void kickMember(member)}>
                Kick
              </button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
