import { useId } from 'react';
import { AllianceMessages } from '@runik/contract';
import { postDisbandAlliance, postLeaveAlliance } from './alliance-api';
import { AllianceConfirms } from './alliance-messages';
import { useAllianceAction, type AllianceSectionProps } from './use-alliance-action';

/** Leave for everyone; Disband for the leader. Both ask first. */
export function AllianceExit({ username, alliance, report }: AllianceSectionProps) {
  const titleId = useId();
  const leave = useAllianceAction(username, { request: postLeaveAlliance, fallback: AllianceMessages.failedLeave, report });
  const disband = useAllianceAction(username, { request: postDisbandAlliance, fallback: AllianceMessages.failedDisband, report });
  const busy = leave.isPending || disband.isPending;

  // A leader who leaves hands over to the longest-standing member (the list is leader first,
  // then by joining order), or disbands the alliance when alone: say so before they go.
  const leaveQuestion = alliance.isLeader
    ? AllianceConfirms.leaveAsLeader(alliance.name, alliance.members.find((member) => member !== alliance.leader))
    : AllianceConfirms.leave(alliance.name);

  const leaveAlliance = () => {
    if (window.confirm(leaveQuestion)) leave.mutate({ hiveUsername: username });
  };
  const disbandAlliance = () => {
    if (window.confirm(AllianceConfirms.disband(alliance.name))) disband.mutate({ hiveUsername: username, allianceId: alliance.id });
  };

  return (
    <section className="panel alliance-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="alliance-card__title">
        Membership
      </h2>
      <div className="alliance-actions">
        <button type="button" className="button" disabled={busy} onClick={leaveAlliance}>
          Leave Alliance
        </button>
        {alliance.isLeader && (
          <button type="button" className="button button--danger" disabled={busy} onClick={disbandAlliance}>
            Disband
          </button>
        )}
      </div>
    </section>
  );
}
