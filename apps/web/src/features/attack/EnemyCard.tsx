import { useState } from 'react';
import type { Enemy } from '@runik/contract';
import { CITY_HALL_KEY, formatPowerPoints } from '@runik/rules';
import { resourceLines } from '../../shared/format';
import { BuildingIcon } from '../../ui/icons/BuildingIcon';
import { ResourceIcon } from '../../ui/icons/ResourceIcon';
import { AttackIcon } from '../../ui/icons/SymbolIcons';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useNow } from '../../shared/city-clock';
import { useAttackPreview } from './attack-api';
import { AttackOdds } from './AttackOdds';
import { attackConfirmMessage, formatClock, shieldLabel } from './attack-format';
import { cooldownEnd } from './attack-state';
import { CommanderBonusList, TroopCountList } from './TroopStats';

interface EnemyCardProps {
  username: string;
  enemy: Enemy;
  /** False when the player has no charge left or is on a personal cooldown. */
  playerCanAttack: boolean;
  /** True while this enemy is being attacked. */
  attacking: boolean;
  /** True while any attack is under way: one battle at a time. */
  busy: boolean;
  onAttack: (name: string) => void;
}

/**
 * One enemy: who, how strong, what can be looted, your odds against it, and Attack unless it is cooling
 * down (spec section 4); Attack asks first, with the odds.
 */
export function EnemyCard({ username, enemy, playerCanAttack, attacking, busy, onAttack }: EnemyCardProps) {
  const now = useNow();
  const confirm = useConfirm();
  const preview = useAttackPreview(username, enemy.name);
  // Attack pressed before the odds arrived: the confirm waits for them rather than go without, and says so at once.
  const [waitingForOdds, setWaitingForOdds] = useState(false);
  const confirmAttack = async () => {
    let odds = preview.data;
    if (!odds && !preview.isError) {
      setWaitingForOdds(true);
      odds = (await preview.refetch({ cancelRefetch: false })).data;
      setWaitingForOdds(false);
    }
    const message = attackConfirmMessage(enemy.name, odds);
    if (await confirm({ title: `Attack ${enemy.name}?`, message, confirmLabel: 'Attack' })) onAttack(enemy.name);
  };
  const coolingUntil = cooldownEnd(enemy, now);
  const shield = shieldLabel(enemy, now);
  return (
    <li className="attack-enemy panel" data-testid={`enemy-${enemy.name}`}>
      <header className="attack-enemy__header">
        <h3 className="attack-card__title">
          {enemy.name}
          {enemy.allianceTag && (
            <span className="attack-enemy__tag" data-testid="enemy-alliance-tag">
              [{enemy.allianceTag}]
            </span>
          )}
        </h3>
        <span className="attack-enemy__level" data-testid="enemy-level">
          <BuildingIcon building={CITY_HALL_KEY} level={enemy.chLevel} /> City Hall Level {enemy.chLevel}
        </span>
      </header>
      <div className="attack-enemy__body">
        <div>
          <TroopCountList troops={enemy} prefix="enemy" />
          <dl className="attack-stats">
            <div className="attack-stats__row">
              <dt>Army power</dt>
              <dd data-testid="enemy-power">{formatPowerPoints(enemy.armyPower)}</dd>
            </div>
          </dl>
        </div>
        <div>
          <h4 className="attack-card__subtitle">Commander bonuses</h4>
          <CommanderBonusList bonuses={enemy.commanderBonuses} prefix="enemy" />
        </div>
        <div>
          <h4 className="attack-card__subtitle">Pending resources</h4>
          <dl className="attack-stats">
            {resourceLines(enemy.pendingResources).map(({ key, label, amount }) => (
              <div key={key} className="attack-stats__row">
                <dt>
                  <ResourceIcon resource={key} /> {label}
                </dt>
                <dd data-testid={`enemy-pending-${key}`}>{amount}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="attack-enemy__odds">
          <h4 className="attack-card__subtitle">Your odds</h4>
          {/* While they are weighed the same rows hold their place (issue 45: the Attack button moved by up to 157 px). */}
          {preview.isError && !preview.data ? (
            <p className="city-muted" data-testid="attack-odds-missing">
              The odds could not be loaded.
            </p>
          ) : (
            !preview.data && (
              <span className="sr-only" role="status" data-testid="attack-odds-missing">
                Weighing the odds...
              </span>
            )
          )}
          {(preview.data || !preview.isError) && <AttackOdds preview={preview.data ?? null} />}
        </div>
      </div>
      <footer className="attack-enemy__footer">
        {shield !== null && (
          <span className="attack-enemy__cooldown" data-testid="enemy-shield">
            {shield}
          </span>
        )}
        {shield === null && enemy.lootPercent < 100 && (
          <span className="city-muted" data-testid="enemy-loot-percent">
            Low City Hall: {enemy.lootPercent}% of the loot
          </span>
        )}
        {coolingUntil !== null && (
          <span className="attack-enemy__cooldown" data-testid="enemy-cooldown">
            Cooldown {formatClock(coolingUntil - now)}
          </span>
        )}
        <button
          type="button"
          className="button button--primary attack-enemy__attack"
          disabled={!playerCanAttack || coolingUntil !== null || shield !== null || busy}
          aria-busy={attacking || waitingForOdds}
          data-first-step="raid"
          onClick={() => void confirmAttack()}
        >
          <AttackIcon /> {waitingForOdds ? 'Weighing...' : 'Attack'}
        </button>
      </footer>
    </li>
  );
}
