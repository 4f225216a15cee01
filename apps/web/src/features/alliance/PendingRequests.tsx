import { AllianceMessages } from '@runik/contract';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { postAcceptRequest, postRejectRequest } from './alliance-api';
import { formatRequestedAt } from '../../shared/format';
import { AllianceTexts } from './alliance-messages';
import { useMemberAction, type AllianceSectionProps } from './use-alliance-action';

/** The leader's Pending Requests sub-view: who asked and when, with Accept and Reject. */
export function PendingRequests(props: AllianceSectionProps) {
  const { alliance } = props;
  const accept = useMemberAction(props, postAcceptRequest, AllianceMessages.failedAccept);
  const reject = useMemberAction(props, postRejectRequest, AllianceMessages.failedReject);
  const busy = accept.isPending || reject.isPending;
  const full = alliance.memberCount >= alliance.maxMembers;
  const requests = alliance.pendingRequests;

  return (
    <Card testId="pending-requests" title={<>Pending Requests {requests.length > 0 && <Badge tone="gold">{requests.length}</Badge>}</>}>
      {requests.length === 0 ? (
        <p className="alliance-muted">{AllianceTexts.noRequests}</p>
      ) : (
        <ul className="alliance-list">
          {requests.map((request) => (
            <li key={request.hiveUsername} className="alliance-row" data-testid="alliance-request" data-username={request.hiveUsername}>
              <span className="alliance-row__main">
                <span className="alliance-row__name">{request.hiveUsername}</span>
                <time className="alliance-muted" dateTime={request.requestedAt}>
                  {formatRequestedAt(request.requestedAt)}
                </time>
              </span>
              <span className="alliance-row__buttons">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy || full}
                  onClick={() => accept.mutate(request.hiveUsername)}
                >
                  Accept
                </button>
                <button type="button" className="button" disabled={busy} onClick={() => reject.mutate(request.hiveUsername)}>
                  Reject
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {requests.length > 0 && full && <p className="alliance-note">{AllianceTexts.fullForRequests}</p>}
    </Card>
  );
}
