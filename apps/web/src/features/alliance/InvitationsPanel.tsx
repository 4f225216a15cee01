import { AllianceMessages } from '@runik/contract';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { postInvitationSettings, postRevokeInvitation, useOpenInvitations } from './alliance-api';
import { AllianceTexts } from './alliance-messages';
import { useAllianceAction, type AllianceSectionProps } from './use-alliance-action';

/** The leader's open invitations, each with Revoke, and whether members may create them. */
export function InvitationsPanel({ username, alliance, report }: AllianceSectionProps) {
  const open = useOpenInvitations(username, alliance.id);
  const revoke = useAllianceAction(username, {
    request: (invitationId: number) => postRevokeInvitation({ hiveUsername: username, allianceId: alliance.id, invitationId }),
    fallback: AllianceMessages.failedRevoke,
    report,
  });
  const settings = useAllianceAction(username, {
    request: (membersMayInvite: boolean) => postInvitationSettings({ hiveUsername: username, allianceId: alliance.id, membersMayInvite }),
    fallback: AllianceMessages.failedInvitationSettings,
    report,
  });
  const invitations = open.data?.invitations ?? [];

  return (
    <Card
      testId="alliance-invitations"
      title={<>Open Invitations {invitations.length > 0 && <Badge tone="gold">{invitations.length}</Badge>}</>}
    >
      <label className="alliance-check">
        <input
          type="checkbox"
          checked={alliance.membersMayInvite}
          disabled={settings.isPending}
          onChange={(event) => settings.mutate(event.currentTarget.checked)}
        />{' '}
        {AllianceTexts.membersMayInviteLabel}
      </label>
      {open.isSuccess && invitations.length === 0 && <p className="alliance-muted">{AllianceTexts.noOpenInvitations}</p>}
      {invitations.length > 0 && (
        <ul className="alliance-list">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="alliance-row" data-testid="alliance-open-invitation">
              <span className="alliance-row__main alliance-muted">
                {AllianceTexts.invitationRow(invitation.createdBy, invitation.expiresAt)}
              </span>
              <span className="alliance-row__buttons">
                <button type="button" className="button" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id)}>
                  Revoke
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
