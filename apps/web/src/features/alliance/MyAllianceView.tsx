import { AllianceExit } from './AllianceExit';
import { AllianceOverview } from './AllianceOverview';
import { AllianceSettings } from './AllianceSettings';
import { CapacityPanel } from './CapacityPanel';
import { InvitationsPanel } from './InvitationsPanel';
import { InvitePanel } from './InvitePanel';
import { MemberList } from './MemberList';
import { PendingRequests } from './PendingRequests';
import type { AllianceSectionProps } from './use-alliance-action';

/**
 * My Alliance (spec section 2): everyone sees the alliance and its members; the leader (and members
 * when the leader allows it) may invite; the leader also gets the requests, the open invitations,
 * the settings, the capacity and Disband; everyone may leave.
 */
export function MyAllianceView(props: AllianceSectionProps) {
  const { alliance } = props;
  return (
    <div className="alliance-layout">
      <div className="alliance-column">
        <AllianceOverview alliance={alliance} />
        <MemberList {...props} />
        {alliance.canInvite && <InvitePanel {...props} />}
      </div>
      <div className="alliance-column">
        {alliance.isLeader && (
          <>
            <PendingRequests {...props} />
            <InvitationsPanel {...props} />
            <AllianceSettings {...props} />
            <CapacityPanel {...props} />
          </>
        )}
        <AllianceExit {...props} />
      </div>
    </div>
  );
}
