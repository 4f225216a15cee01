import { PracticeCampMessages, type PracticeCampResponse } from '@runik/contract';
import { formatPowerPoints } from '@runik/rules';
import { resourceLines } from '../../shared/format';
import { ResourceIcon } from '../../ui/icons/ResourceIcon';
import { AttackIcon } from '../../ui/icons/SymbolIcons';
import { useNow } from '../../shared/city-clock';
import { formatClock } from './attack-format';
import { TroopCountList } from './TroopStats';

interface PracticeCampCardProps {
  camp: PracticeCampResponse;
  /** False when the player has no troops, no charge left or is on a personal cooldown. */
  playerCanAttack: boolean;
  raiding: boolean;
  /** True while any attack is under way: one battle at a time. */
  busy: boolean;
  onRaid: () => void;
}

/**
 * The practice camp (issue 35): always there, never shielded, so a newcomer can raid on day one.
 * It shows what it would field against the player's army and what is left in its stores today.
 */
export function PracticeCampCard({ camp, playerCanAttack, raiding, busy, onRaid }: PracticeCampCardProps) {
  const now = useNow();
  const until = camp.cooldownUntil === null ? null : Date.parse(camp.cooldownUntil);
  const cooling = until !== null && until > now ? until : null;
  return (
    <section className="attack-enemy attack-camp panel" aria-labelledby="practice-camp-title" data-testid="practice-camp">
      <header className="attack-enemy__header">
        <h2 id="practice-camp-title" className="attack-card__title">
          {PracticeCampMessages.name}
        </h2>
        <span className="city-muted">Never shielded · fights back with 60% of your army · resources only</span>
      </header>
      <div className="attack-enemy__body">
        <div>
          <TroopCountList troops={camp} prefix="camp" />
          <dl className="attack-stats">
            <div className="attack-stats__row">
              <dt>Army power</dt>
              <dd data-testid="camp-power">{formatPowerPoints(camp.armyPower)}</dd>
            </div>
          </dl>
        </div>
        <div>
          <h3 className="attack-card__subtitle">Stores left today</h3>
          <dl className="attack-stats">
            {resourceLines(camp.store).map(({ key, label, amount }) => (
              <div key={key} className="attack-stats__row">
                <dt>
                  <ResourceIcon resource={key} /> {label}
                </dt>
                <dd data-testid={`camp-store-${key}`}>{amount}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <footer className="attack-enemy__footer">
        {cooling !== null && (
          <span className="attack-enemy__cooldown" data-testid="camp-cooldown">
            Cooldown {formatClock(cooling - now)}
          </span>
        )}
        <button
          type="button"
          className="button button--primary attack-enemy__attack"
          disabled={!playerCanAttack || cooling !== null || busy}
          aria-busy={raiding}
          data-first-step="raid"
          onClick={onRaid}
        >
          <AttackIcon /> Raid the camp
        </button>
      </footer>
    </section>
  );
}
