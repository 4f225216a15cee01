import { AllianceMessages } from '@runik/contract';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Card } from '../../ui/Card';
import { postDisbandAlliance, postLeaveAlliance } from './alliance-api';
import { AllianceConfirms } from './alliance-messages';
import { useAllianceAction, type AllianceSectionProps } from './use-alliance-action';

/** Leave for everyone; Disband for the leader. Both ask first. */
export function AllianceExit({ username, alliance, report }: AllianceSectionProps) {
  const leave = useAllianceAction(username, { request: postLeaveAlliance, fallback: AllianceMessages.failedLeave, report });
  const disband = useAllianceAction(username, { request: postDisbandAlliance, fallback: AllianceMessages.failedDisband, report });
  const busy = leave.isPending || disband.isPending;
  const confirm = useConfirm();

  // A leader who leaves hands over to the longest-standing member (the list is leader first,
  // then by joining order), or disbands the alliance when alone: say so before they go.
  const leaveQuestion = alliance.isLeader
    ? AllianceConfirms.leaveAsLeader(
        alliance.name,
        alliance.members.find((member) => member !== alliance.leader),
      )
    : AllianceConfirms.leave(alliance.name);

  const leaveAlliance = async () => {
    if (await confirm({ message: leaveQuestion, confirmLabel: 'Leave', danger: true })) leave.mutate({ hiveUsername: username });
  };
  const disbandAlliance = async () => {
    if (await confirm({ message: AllianceConfirms.disband(alliance.name), confirmLabel: 'Disband', danger: true })) {
      disband.mutate({ hiveUsername: username, allianceId: alliance.id });
    }
  };

  return (
    <Card title="Membership">
      <div className="alliance-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void leaveAlliance()}>
          Leave Alliance
        </button>
        {alliance.isLeader && (
          <button type="button" className="button button--danger" disabled={busy} onClick={() => void disbandAlliance()}>
            Disband
          </button>
        )}
      </div>
    </Card>
  );
}
