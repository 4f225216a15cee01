import { ThroneMessages, type ThroneRally } from '@runik/contract';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Card } from '../../ui/Card';
import { Countdown } from './Countdown';
import { ParticipantsPower } from './ParticipantsPower';
import { postRallyDisband, postRallyWithdraw, useRallyDetails } from './throne-api';
import { rallyRole, type ThroneRole } from './throne-roles';
import { ThroneTexts } from './throne-texts';
import { useThroneAction, type ReportMessage } from './use-throne-action';

interface AllianceRalliesProps {
  rallies: readonly ThroneRally[];
  role: ThroneRole;
  report: ReportMessage;
  onJoin: (rally: ThroneRally) => void;
}

/** Active Alliance Rallies: the player's alliance's rallies with their power and the player's part in each. */
export function AllianceRallies({ rallies, role, report, onJoin }: AllianceRalliesProps) {
  return (
    <Card titleId="throne-alliance-rallies-title" title={ThroneTexts.allianceRallies}>
      {rallies.length === 0 ? (
        <p className="throne-muted">{ThroneTexts.noAllianceRallies}</p>
      ) : (
        <ul className="throne-rallies">
          {rallies.map((rally) => (
            <AllianceRallyRow key={rally.attackId} rally={rally} role={role} report={report} onJoin={onJoin} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AllianceRallyRow({ rally, role, report, onJoin }: Omit<AllianceRalliesProps, 'rallies'> & { rally: ThroneRally }) {
  const part = rallyRole(rally, role.username);
  const body = { hiveUsername: role.username, rallyId: rally.attackId };
  const withdraw = useThroneAction({
    request: postRallyWithdraw,
    success: () => ThroneMessages.withdrew,
    fallback: ThroneMessages.withdrawFailed,
    report,
  });
  const disband = useThroneAction({
    request: postRallyDisband,
    success: () => ThroneMessages.disbanded,
    fallback: ThroneMessages.disbandFailed,
    report,
  });
  const busy = withdraw.pending || disband.pending;
  const confirm = useConfirm();
  const disbandRally = async () => {
    if (await confirm({ message: ThroneMessages.confirmDisband, confirmLabel: 'Disband', danger: true })) disband.run(body);
  };
  return (
    <li className="throne-rally" data-testid={`alliance-rally-${rally.attackId}`}>
      <RallySummary rally={rally} />
      <RallyDetails attackId={rally.attackId} />
      <div className="throne-actions">
        {part === 'creator' && (
          <button type="button" className="button" disabled={busy} onClick={() => void disbandRally()}>
            Disband
          </button>
        )}
        {part === 'participant' && (
          <button type="button" className="button" disabled={busy} onClick={() => withdraw.run(body)}>
            Withdraw
          </button>
        )}
        {part === 'outsider' && role.canFight && (
          <button type="button" className="button button--primary" onClick={() => onJoin(rally)}>
            Join
          </button>
        )}
      </div>
    </li>
  );
}

/** The rally's participants and power; a failure was logged and leaves the row without them. */
function RallyDetails({ attackId }: { attackId: number }) {
  const details = useRallyDetails(attackId);
  if (details.isError) return <p className="throne-muted">{ThroneTexts.detailsUnavailable}</p>;
  if (!details.data) return <p className="throne-muted">{ThroneTexts.detailsLoading}</p>;
  return (
    <ParticipantsPower
      participants={details.data.participants}
      powerLabel={ThroneTexts.rallyPower}
      listLabel="Rally participants"
      testId={`rally-${attackId}`}
    />
  );
}

/** Incoming Rallies: every rally gathering against the throne, of any alliance. */
export function IncomingRallies({ rallies }: { rallies: readonly ThroneRally[] }) {
  return (
    <Card titleId="throne-incoming-rallies-title" title={ThroneTexts.incomingRallies}>
      {rallies.length === 0 ? (
        <p className="throne-muted">{ThroneTexts.noIncomingRallies}</p>
      ) : (
        <ul className="throne-rallies">
          {rallies.map((rally) => (
            <li key={rally.attackId} className="throne-rally" data-testid={`incoming-rally-${rally.attackId}`}>
              <RallySummary rally={rally} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function RallySummary({ rally }: { rally: ThroneRally }) {
  return (
    <div className="throne-rally__summary">
      <h3 className="throne-rally__title">{rally.attackerAllianceName}</h3>
      <p className="throne-muted">
        {ThroneTexts.rallyLeader}: <span data-testid="rally-leader">{rally.rallyLeader}</span> ·{' '}
        {ThroneTexts.participants(rally.rallyParticipants.length)}
      </p>
      <p className="throne-muted">
        {ThroneTexts.rallyMarchesIn}: <Countdown to={rally.rallyLaunchTime} passed={ThroneMessages.startingSoon} testId="rally-countdown" />
      </p>
    </div>
  );
}
