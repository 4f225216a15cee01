import { useState } from 'react';
import { apiErrorMessage } from '../../api/http-client';
import { useSession } from '../../shared/use-session';
import { Message } from '../../ui/Message';
import { StatePanel } from '../../ui/StatePanel';
import { CityClock } from '../../shared/city-clock';
import { useRefreshWhenDue } from '../../shared/due-refresh';
import { attackKeys } from '../../shared/query-keys';
import { useArmy, useEnemies } from './attack-api';
import { parseMinLevel } from './attack-format';
import { AttackTexts } from './attack-messages';
import { canAttackNow } from './attack-state';
import { ArmyBanner } from './ArmyBanner';
import { BattleLogModal } from './BattleLogModal';
import { BattleResultModal } from './BattleResultModal';
import { EnemyList } from './EnemyList';
import { MinLevelFilter } from './MinLevelFilter';
import { PracticeCampCard } from './PracticeCampCard';
import { usePracticeCamp, usePracticeRaid } from './practice-camp-api';
import { useAttack } from './use-attack';
import './attack.css';

/** The Attack screen (spec section 2): Your Army, the enemy filter and list, the battle log and result popups. */
export function AttackPage() {
  const username = useSession()?.hiveUsername ?? null;
  return (
    <section className="attack" aria-labelledby="attack-title">
      <h1 id="attack-title" className="attack__title">
        Attack
      </h1>
      {username ? <AttackView username={username} /> : <StatePanel>{AttackTexts.logIn}</StatePanel>}
    </section>
  );
}

function AttackView({ username }: { username: string }) {
  const [minLevelText, setMinLevelText] = useState('');
  const [minLevel, setMinLevel] = useState(0);
  const [page, setPage] = useState(1);
  const [showLog, setShowLog] = useState(false);
  const army = useArmy(username);
  const enemies = useEnemies(username, page, minLevel);
  const attack = useAttack(username);
  const camp = usePracticeCamp(username);
  const practice = usePracticeRaid(username);
  const playerCanAttack = army.data !== undefined && canAttackNow(army.data);
  const busy = attack.attacking !== null || practice.raiding;
  // The next attack charge's count comes from the server once it is due.
  useRefreshWhenDue([army.data?.nextRegenAt ?? null], [attackKeys.army(username)]);

  // A whole number (or blank) filters from page 1; anything else stays in the field with a hint.
  const changeMinLevel = (text: string) => {
    setMinLevelText(text);
    const parsed = parseMinLevel(text);
    if (parsed === null || parsed === minLevel) return;
    setMinLevel(parsed);
    setPage(1);
  };

  return (
    <CityClock>
      {army.data ? (
        <ArmyBanner army={army.data} />
      ) : army.isError ? (
        <StatePanel error onRetry={() => void army.refetch()}>
          {AttackTexts.armyError(apiErrorMessage(army.error))}
        </StatePanel>
      ) : (
        <StatePanel>{AttackTexts.loadingArmy}</StatePanel>
      )}
      {camp.data && (
        <PracticeCampCard
          camp={camp.data}
          playerCanAttack={playerCanAttack}
          raiding={practice.raiding}
          busy={busy}
          onRaid={practice.raid}
        />
      )}
      {practice.error && (
        <div className="attack-error" data-testid="practice-error">
          <Message tone="error">{practice.error}</Message>
          <button type="button" className="button button--ghost" onClick={practice.clearError}>
            Dismiss
          </button>
        </div>
      )}
      <div className="attack-toolbar">
        <MinLevelFilter text={minLevelText} valid={parseMinLevel(minLevelText) !== null} onChange={changeMinLevel} />
        <button type="button" className="button" onClick={() => setShowLog(true)}>
          Battle Log
        </button>
      </div>
      {attack.error && (
        <div className="attack-error" data-testid="attack-error">
          <Message tone="error">{attack.error}</Message>
          <button type="button" className="button button--ghost" onClick={attack.clearError}>
            Dismiss
          </button>
        </div>
      )}
      {enemies.data ? (
        <EnemyList
          username={username}
          enemies={enemies.data}
          playerCanAttack={playerCanAttack && !practice.raiding}
          attacking={attack.attacking}
          onAttack={attack.attack}
          onPage={setPage}
        />
      ) : enemies.isError ? (
        <StatePanel error onRetry={() => void enemies.refetch()}>
          {AttackTexts.enemiesError(apiErrorMessage(enemies.error))}
        </StatePanel>
      ) : (
        <StatePanel>{AttackTexts.loadingEnemies}</StatePanel>
      )}
      {attack.result && <BattleResultModal result={attack.result} onClose={attack.closeResult} />}
      {practice.result && <BattleResultModal result={practice.result} stored={false} onClose={practice.closeResult} />}
      {showLog && <BattleLogModal username={username} onClose={() => setShowLog(false)} />}
    </CityClock>
  );
}
