import { AttackMessages, type BattleLogEntry } from '@runik/contract';
import { apiErrorMessage } from '../../api/http-client';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { BattleReportLink } from '../../shared/battle/BattleReportLink';
import { useBattleLogs } from './attack-api';
import { AttackTexts } from './attack-messages';
import { LootList, LossesTable } from '../../shared/battle/BattleReport';

/** The player's battles, newest first (spec section 2, battle log popup). */
export function BattleLogModal({ username, onClose }: { username: string; onClose: () => void }) {
  const logs = useBattleLogs(username);
  return (
    <Modal title="Battle Log" onClose={onClose} testId="battle-log">
      <div className="attack-popup">
        {logs.isError ? (
          <Message tone="error">{AttackMessages.logsFailed(apiErrorMessage(logs.error))}</Message>
        ) : !logs.data ? (
          <p role="status">{AttackTexts.loadingLogs}</p>
        ) : logs.data.logs.length === 0 ? (
          <p>{AttackTexts.noLogs}</p>
        ) : (
          <ol className="attack-log" aria-label="Battles">
            {logs.data.logs.map((entry) => (
              <BattleLogItem key={entry.battleId} entry={entry} />
            ))}
          </ol>
        )}
      </div>
    </Modal>
  );
}

function BattleLogItem({ entry }: { entry: BattleLogEntry }) {
  const winnerName = entry.winner === 'attacker' ? entry.attacker : entry.defender;
  return (
    <li className="attack-log__entry" data-testid={`battle-${entry.battleId}`}>
      <header className="attack-log__header">
        <strong data-testid="log-sides">
          {entry.attacker} vs {entry.defender}
        </strong>
        <time dateTime={entry.timestamp} data-testid="log-time">
          {new Date(entry.timestamp).toLocaleString()}
        </time>
      </header>
      <p data-testid="log-winner">Winner: {winnerName}</p>
      <LossesTable
        role="Attacker"
        name={entry.attacker}
        dead={entry.attackerCasualties}
        injured={entry.attackerInjured}
        prefix="log-attacker"
      />
      <LossesTable
        role="Defender"
        name={entry.defender}
        dead={entry.defenderCasualties}
        injured={entry.defenderInjured}
        prefix="log-defender"
      />
      <h4 className="attack-card__subtitle">Loot</h4>
      <LootList loot={entry.loot} prefix="log-loot" />
      {/* With both armies, the seed replays the battle (docs/combat.md). */}
      <p className="attack-log__seed">
        Seed: <code data-testid="log-seed">{entry.seed}</code> · <BattleReportLink kind="attack" id={entry.battleId} />
      </p>
    </li>
  );
}
