import { useSearchParams } from 'react-router-dom';
import { AllianceMessages, type JoinAllianceResponse } from '@runik/contract';
import { Card } from '../../ui/Card';
import { postJoinAlliance, useAllianceList } from './alliance-api';
import { AllianceTexts } from './alliance-messages';
import { useAllianceAction, type ReportFeedback } from './use-alliance-action';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The invitation an opened link carries (`?invite=<token>&alliance=<id>`), if it is well formed. */
function useInvitation() {
  const [params, setParams] = useSearchParams();
  const token = params.get('invite') ?? '';
  const allianceId = Number(params.get('alliance'));
  const forget = () => setParams({}, { replace: true });
  return TOKEN.test(token) && Number.isSafeInteger(allianceId) && allianceId > 0 ? { token, allianceId, forget } : null;
}

/** A player without an alliance who opened an invitation link: join at once, or dismiss it. */
export function InvitationOffer({ username, report }: { username: string; report: ReportFeedback }) {
  const invitation = useInvitation();
  const alliance = useAllianceList(username).data?.find((entry) => entry.id === invitation?.allianceId);
  const join = useAllianceAction<void, JoinAllianceResponse>(username, {
    request: () => postJoinAlliance({ hiveUsername: username, allianceId: invitation?.allianceId ?? 0, inviteToken: invitation?.token }),
    fallback: AllianceMessages.failedJoin,
    report,
  });
  if (!invitation) return null;

  const accept = () => join.mutate(undefined, { onSuccess: invitation.forget });
  const name = alliance ? `${alliance.name} [${alliance.tag}]` : undefined;
  return (
    <Card as="article" className="alliance-invitation" testId="alliance-invitation" title="Invitation">
      <p>{AllianceTexts.invited(name)}</p>
      <div className="alliance-actions">
        <button type="button" className="button button--primary" disabled={join.isPending} onClick={accept}>
          Accept Invitation
        </button>
        <button type="button" className="button button--ghost" disabled={join.isPending} onClick={invitation.forget}>
          Dismiss
        </button>
      </div>
    </Card>
  );
}
