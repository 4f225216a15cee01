import { AttackMessages } from '@runik/contract';
import { formatCount, formatPowerPoints } from '@runik/rules';
import { useNow } from '../../shared/city-clock';
import { formatClock } from './attack-format';
import type { ArmyState } from './attack-state';
import { CommanderBonusList, TroopCountList } from './TroopStats';

/** Your Army (spec section 2): troops, power, attack charges with the regeneration countdown, commander bonuses. */
export function ArmyBanner({ army }: { army: ArmyState }) {
  const now = useNow();
  const regenIn = army.nextRegenAt === null ? null : Math.max(0, army.nextRegenAt - now);
  return (
    <section className="attack-banner panel" aria-labelledby="attack-army-title" data-testid="army-banner">
      <h2 id="attack-army-title" className="attack-card__title">
        Your Army
      </h2>
      <div className="attack-banner__grid">
        <TroopCountList troops={army} prefix="army" />
        <dl className="attack-stats">
          <div className="attack-stats__row">
            <dt>Army count</dt>
            <dd data-testid="army-count">{formatCount(army.armyCount)}</dd>
          </div>
          <div className="attack-stats__row">
            <dt>Army power</dt>
            <dd data-testid="army-power">{formatPowerPoints(army.armyPower)}</dd>
          </div>
          <div className="attack-stats__row">
            <dt>Attacks remaining</dt>
            <dd data-testid="attacks-remaining">
              {army.attacksRemaining} / {army.attacksMax}
            </dd>
          </div>
          <div className="attack-stats__row">
            <dt>Next attack charge</dt>
            <dd data-testid="next-regen">{regenIn === null ? 'Full' : formatClock(regenIn)}</dd>
          </div>
        </dl>
        <div>
          <h3 className="attack-card__subtitle">Commander bonuses</h3>
          <CommanderBonusList bonuses={army.commanderBonuses} prefix="army" />
        </div>
      </div>
      {/* Said on the page, not in a tooltip: touch screens never show one. */}
      {army.armyCount === 0 && (
        <p className="city-muted" data-testid="army-empty">
          {AttackMessages.noArmy}
        </p>
      )}
    </section>
  );
}
