import { AllianceMessages, type AllianceListEntry, type JoinAllianceResponse } from '@runik/contract';
import { Card } from '../../ui/Card';
import { postJoinAlliance, useAllianceList } from './alliance-api';
import { AllianceTexts } from './alliance-messages';
import { AllianceEmblem } from './AllianceEmblem';
import { AllianceError } from './AllianceFeedback';
import { useAllianceAction, type ReportFeedback } from './use-alliance-action';

interface JoinAllianceListProps {
  username: string;
  report: ReportFeedback;
  onBack: () => void;
}

/**
 * Join Alliance: every alliance with its size. Joining sends a request for the leader (an
 * invitation link lets a player straight in instead: InvitationOffer).
 */
export function JoinAllianceList({ username, report, onBack }: JoinAllianceListProps) {
  const list = useAllianceList(username);
  const join = useAllianceAction<number, JoinAllianceResponse>(username, {
    request: (allianceId) => postJoinAlliance({ hiveUsername: username, allianceId }),
    fallback: AllianceMessages.failedJoin,
    report,
  });

  return (
    <Card
      title="Join Alliance"
      actions={
        <button type="button" className="button button--ghost" onClick={onBack}>
          Back
        </button>
      }
    >
      {list.isPending && <p role="status">{AllianceTexts.loadingList}</p>}
      {list.isError && (
        <div className="alliance-actions">
          <AllianceError message={AllianceMessages.failedList} />
          <button type="button" className="button" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      )}
      {list.data?.length === 0 && <p className="alliance-muted">{AllianceTexts.noAlliances}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="alliance-list">
          {list.data.map((entry) => (
            <AllianceEntry key={entry.id} entry={entry} busy={join.isPending} onJoin={() => join.mutate(entry.id)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AllianceEntry({ entry, busy, onJoin }: { entry: AllianceListEntry; busy: boolean; onJoin: () => void }) {
  const full = entry.members >= entry.maxMembers;
  return (
    <li className="alliance-row" data-testid="alliance-entry" data-alliance-id={entry.id}>
      <AllianceEmblem icon={entry.icon} />
      <div className="alliance-row__main">
        <span className="alliance-row__name">
          {entry.name} <span className="alliance-tag">[{entry.tag}]</span>
        </span>
        <span className="alliance-muted" data-testid="alliance-entry-members">
          {entry.members}/{entry.maxMembers} members{full ? ' · Full' : ''}
        </span>
      </div>
      {entry.requestPending ? (
        <button type="button" className="button" disabled>
          Requested
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={full || busy} onClick={onJoin}>
          Join
        </button>
      )}
    </li>
  );
}
