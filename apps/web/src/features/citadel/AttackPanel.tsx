import type { CitadelUserResponse, FloorResponse } from '@runik/contract';
import { AttackIcon } from '../../ui/icons/SymbolIcons';
import { Message } from '../../ui/Message';
import { attackBlocker } from './attack-availability';
import { AttackResult } from './AttackResult';
import type { useCitadelAttack } from './use-citadel-attack';

interface AttackPanelProps {
  progress: CitadelUserResponse;
  floor: FloorResponse;
  attack: ReturnType<typeof useCitadelAttack>;
  onAttack: () => void;
  onGoToFloor: (floor: number) => void;
}

/** The Attack Boss button with the reason it is disabled, then the last attack's result or error. */
export function AttackPanel({ progress, floor, attack, onAttack, onGoToFloor }: AttackPanelProps) {
  const blocker = attackBlocker(progress, floor);
  return (
    <div className="citadel-attack">
      <button
        type="button"
        className="button button--primary citadel-attack__button"
        disabled={blocker !== null || attack.attacking}
        aria-busy={attack.attacking}
        aria-describedby={blocker ? 'citadel-attack-blocker' : undefined}
        onClick={onAttack}
      >
        <AttackIcon /> Attack Boss
      </button>
      {blocker && (
        <p id="citadel-attack-blocker" className="citadel-attack__blocker" data-testid="attack-blocker">
          {blocker}
        </p>
      )}
      {attack.error && (
        <div className="citadel-attack__error" data-testid="attack-error">
          <Message tone="error">{attack.error}</Message>
          <button type="button" className="button button--ghost" onClick={attack.clear}>
            Dismiss
          </button>
        </div>
      )}
      {attack.outcome && <AttackResult outcome={attack.outcome} onGoToFloor={onGoToFloor} onDismiss={attack.clear} />}
    </div>
  );
}
