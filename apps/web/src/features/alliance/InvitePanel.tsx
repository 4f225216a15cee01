import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppRoutes } from '@runik/contract';
import { allianceKeys } from '../../shared/query-keys';
import { apiErrorMessage } from '../../api/http-client';
import { Card } from '../../ui/Card';
import { postInvite } from './alliance-api';
import { AllianceTexts } from './alliance-messages';
import { AllianceError } from './AllianceFeedback';
import type { AllianceSectionProps } from './use-alliance-action';

/** The link that lets one player straight in (its query is read by InvitationOffer). */
export function invitationLink(token: string, allianceId: number): string {
  return `${window.location.origin}${AppRoutes.alliance}?${new URLSearchParams({ invite: token, alliance: String(allianceId) })}`;
}

/**
 * The leader (and the members, when the leader allows it: alliance.canInvite) may invite: a
 * single-use link, the only way in without the leader's review. The caller shows it only then.
 */
export function InvitePanel({ username, alliance }: AllianceSectionProps) {
  const [copied, setCopied] = useState(false);
  const queryClient = useQueryClient();
  const invite = useMutation({
    mutationFn: () => postInvite({ hiveUsername: username, allianceId: alliance.id }),
    // The leader's list of open invitations shows the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allianceKeys.invitations(username, alliance.id) }),
  });
  const link = invite.data ? invitationLink(invite.data.token, alliance.id) : null;

  const create = () => {
    setCopied(false);
    invite.mutate();
  };
  const copy = async () => {
    if (!link) return;
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };

  return (
    <Card testId="alliance-invite" title="Invite">
      <p className="alliance-muted">{AllianceTexts.inviteHelp}</p>
      <div className="alliance-actions">
        <button type="button" className="button" disabled={invite.isPending} onClick={create}>
          Create Invitation Link
        </button>
      </div>
      {invite.isError && <AllianceError message={apiErrorMessage(invite.error, AllianceTexts.inviteFailed)} />}
      {link && invite.data && (
        <div className="alliance-invite">
          <input
            className="alliance-invite__link"
            readOnly
            value={link}
            aria-label="Invitation link"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="button button--primary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </button>
          <p className="alliance-muted">{AllianceTexts.inviteValidUntil(invite.data.expiresAt)}</p>
        </div>
      )}
    </Card>
  );
}
