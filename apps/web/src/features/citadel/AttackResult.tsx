import type { Army } from '@runik/contract';
import { TROOPS } from '../../shared/format';
import { BattleReportLink } from '../../shared/battle/BattleReportLink';
import { formatPoints, formatRunikAmount } from './citadel-format';
import type { CitadelAttackOutcome } from './use-citadel-attack';

interface AttackResultProps {
  outcome: CitadelAttackOutcome;
  onGoToFloor: (floor: number) => void;
  onDismiss: () => void;
}

/** What the last attack did: damage, losses, and the boss's fall with the player's reward (spec section 7). */
export function AttackResult({ outcome, onGoToFloor, onDismiss }: AttackResultProps) {
  return (
    <section className="citadel-result" aria-label="Attack result" data-testid="attack-result" role="status">
      <p className="citadel-result__damage" data-testid="result-damage">
        You dealt {formatPoints(outcome.damageDealt)} damage.
      </p>
      {outcome.bossDefeated ? (
        <p className="citadel-result__victory" data-testid="result-defeated">
          Boss defeated!
          {outcome.userReward && <> Your reward: {formatRunikAmount(outcome.userReward.rewardAmount)}.</>}
        </p>
      ) : (
        <p data-testid="result-remaining">Boss HP left: {formatPoints(outcome.bossRemainingHp)}</p>
      )}
      <Losses label="Dead" troops={outcome.casualties.dead} testId="result-dead" />
      <Losses label="Injured" troops={outcome.casualties.injured} testId="result-injured" />
      {outcome.newFloorUnlocked && (
        <p className="citadel-result__unlocked" data-testid="result-unlocked">
          New floor unlocked: Floor {outcome.newCurrentFloor}
        </p>
      )}
      <div className="citadel-result__actions">
        <BattleReportLink kind="citadel" id={outcome.battleId} className="button button--ghost" />
        {outcome.newFloorUnlocked && (
          <button type="button" className="button button--primary" onClick={() => onGoToFloor(outcome.newCurrentFloor)}>
            Go to Floor {outcome.newCurrentFloor}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}

/** "Dead: Infantry 2, Archers 0, Cavalry 1". */
function Losses({ label, troops, testId }: { label: string; troops: Army; testId: string }) {
  return (
    <p className="citadel-result__losses" data-testid={testId}>
      {label}: {TROOPS.map(({ key, label: troop }) => `${troop} ${troops[key]}`).join(', ')}
    </p>
  );
}
