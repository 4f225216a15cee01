import type { AttackResult } from '@runik/contract';
import { Modal } from '../../ui/Modal';
import { BattleReportLink } from '../battle-reports/BattleReportLink';
import { LootList, LossesTable } from './BattleReport';

/** The outcome of the player's attack (spec section 3, Attack result), told from the attacker's side. */
export function BattleResultModal({ result, onClose }: { result: AttackResult; onClose: () => void }) {
  const victory = result.winner === 'attacker';
  const winnerName = victory ? result.attacker.name : result.defender.name;
  return (
    <Modal title="Battle Result" onClose={onClose} testId="battle-result">
      <div className="attack-popup">
        <p className={`attack-outcome attack-outcome--${victory ? 'victory' : 'defeat'}`} data-testid="battle-outcome">
          {victory ? 'Victory' : 'Defeat'}
        </p>
        <p data-testid="battle-winner">Winner: {winnerName}</p>
        <LossesTable role="Attacker" {...result.attacker} prefix="result-attacker" />
        <LossesTable role="Defender" {...result.defender} prefix="result-defender" />
        <h3 className="attack-card__subtitle">Loot</h3>
        <LootList loot={result.loot} prefix="result-loot" />
        <h3 className="attack-card__subtitle">Lost on the way home</h3>
        <LootList loot={result.lootLost} prefix="result-loot-lost" />
        <BattleReportLink kind="attack" id={result.battleId} />
        <button type="button" className="button button--primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
