import type { UpgradeHistoryEntry } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { toUserMessage } from '../../shared/errors';
import { Message } from '../../ui/Message';
import { StatePanel } from '../../ui/StatePanel';
import { formatRequestedAt } from '../../shared/format';
import { useUpgradeHistory } from './blacksmith-api';
import { BlacksmithTexts } from './blacksmith-texts';

/** History tab: past upgrades, with Load more fetching the next page by offset. */
export function HistoryTab({ username }: { username: string }) {
  const history = useUpgradeHistory(username);

  if (!history.data) {
    return history.isError ? (
      <StatePanel error onRetry={() => void history.refetch()}>
        {toUserMessage(history.error, BlacksmithTexts.historyFailed)}
      </StatePanel>
    ) : (
      <StatePanel>{BlacksmithTexts.historyLoading}</StatePanel>
    );
  }
  const entries = history.data.pages.flat();
  if (entries.length === 0) return <StatePanel>{BlacksmithTexts.historyEmpty}</StatePanel>;

  return (
    <div className="blacksmith-history">
      <ol className="blacksmith-history__list" aria-label="Upgrade history">
        {entries.map((entry, index) => (
          <HistoryItem key={`${entry.upgradedAt}-${entry.gearId}-${index}`} entry={entry} />
        ))}
      </ol>
      {history.isFetchNextPageError && <Message tone="error">{toUserMessage(history.error, BlacksmithTexts.historyFailed)}</Message>}
      {history.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={history.isFetchingNextPage}
          aria-busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Load more
        </button>
      )}
    </div>
  );
}

function HistoryItem({ entry }: { entry: UpgradeHistoryEntry }) {
  const materials = `${entry.materialsUsed} ${entry.materialsUsed === 1 ? 'material' : 'materials'}`;
  return (
    <li className="blacksmith-history__entry panel" data-testid="history-entry">
      <strong data-testid="history-gear">{entry.gearName}</strong>
      <span data-testid="history-level">Level +{entry.levelChange}</span>
      <span data-testid="history-exp">+{formatCount(entry.expGained)} EXP</span>
      <span data-testid="history-materials">{materials}</span>
      {/* The same readable local date as the alliance's requests. */}
      <time dateTime={entry.upgradedAt} data-testid="history-date">
        {formatRequestedAt(entry.upgradedAt)}
      </time>
    </li>
  );
}
