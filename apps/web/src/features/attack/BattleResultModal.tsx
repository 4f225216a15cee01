import type { AttackResult, BattleReportSide, TroopCounts } from '@runik/contract';
import { Modal } from '../../ui/Modal';
import { BattlePlayback } from '../../shared/battle/battle-playback';
import { useBattleReport } from '../../shared/battle/battle-reports-api';
import { BattleReportLink } from '../../shared/battle/BattleReportLink';
import { verdictSentence } from '../../shared/battle/battle-verdict';
import { LootList, LossesTable } from '../../shared/battle/BattleReport';
import { BattleScene, type SceneArmy } from '../../shared/battle/BattleScene';
import { playSound } from '../../shared/sound';
import { useEffect } from 'react';

interface BattleResultModalProps {
  result: AttackResult;
  /** False for a practice raid: it is not a stored battle between players, so it has no report. */
  stored?: boolean;
  onClose: () => void;
}

/**
 * The outcome of the player's attack (spec section 3, Attack result), told from the attacker's
 * side and played: the losses fall, then the loot comes home. The stored battle adds the armies
 * that went in; the result plays without them until it arrives.
 */
export function BattleResultModal({ result, stored: hasReport = true, onClose }: BattleResultModalProps) {
  const stored = useBattleReport('attack', result.battleId, hasReport).data;
  const armies = stored?.kind === 'attack' ? { attacker: armyOf(stored.attacker), defender: armyOf(stored.defender) } : null;
  const victory = result.winner === 'attacker';
  const winnerName = victory ? result.attacker.name : result.defender.name;
  // The player's own press sent the attack: the result may sound (when sound is on).
  useEffect(() => void playSound(victory ? 'victory' : 'defeat'), [victory]);
  return (
    <Modal title="Battle Result" onClose={onClose} testId="battle-result">
      <div className="attack-popup">
        <p className={`attack-outcome attack-outcome--${victory ? 'victory' : 'defeat'}`} data-testid="battle-outcome">
          {victory ? 'Victory' : 'Defeat'}
        </p>
        <p data-testid="battle-winner">Winner: {winnerName}</p>
        <p className="attack-verdict" data-testid="battle-verdict">
          {verdictSentence({
            verdict: result.verdict,
            winner: result.winner,
            attacker: result.attacker.name,
            defender: result.defender.name,
            reader: 'attacker',
          })}
        </p>
        <BattlePlayback>
          <BattleScene
            attacker={sceneArmy(result.attacker, armies?.attacker)}
            defender={sceneArmy(result.defender, armies?.defender)}
            winner={result.winner}
            outcome={victory ? 'Victory' : 'Defeat'}
            loot={result.loot}
          />
          <LossesTable role="Attacker" {...result.attacker} army={armies?.attacker} prefix="result-attacker" />
          <LossesTable role="Defender" {...result.defender} army={armies?.defender} prefix="result-defender" />
          <h3 className="attack-card__subtitle">Loot</h3>
          <LootList loot={result.loot} prefix="result-loot" />
          <h3 className="attack-card__subtitle">Lost on the way home</h3>
          <LootList loot={result.lootLost} prefix="result-loot-lost" />
        </BattlePlayback>
        {hasReport && <BattleReportLink kind="attack" id={result.battleId} />}
        <button type="button" className="button button--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}

/** The troops a raid's side brought (a raid has one fighter a side). */
function armyOf(side: BattleReportSide): TroopCounts | null {
  const fighter = side.fighters[0];
  return fighter ? { infantry: fighter.army.infantry, archers: fighter.army.archers, cavalry: fighter.army.cavalries } : null;
}

/** A side as the scene draws it: the troops it brought when the stored battle has arrived, and its fallen. */
function sceneArmy(side: AttackResult['attacker'], army: TroopCounts | null | undefined): SceneArmy {
  const count = (troops: TroopCounts) => troops.infantry + troops.archers + troops.cavalry;
  return { name: side.name, troops: army ? count(army) : null, fallen: count(side.dead) + count(side.injured) };
}
