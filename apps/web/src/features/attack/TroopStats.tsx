import type { CommanderBonusesDto, TroopCounts } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { formatPower, TROOP_TYPES } from '../../shared/format';
import { UnitIcon } from '../../ui/icons/UnitIcon';

/** Troop counts, one line per type; `prefix` keeps test ids apart when a card shows several. */
export function TroopCountList({ troops, prefix }: { troops: TroopCounts; prefix: string }) {
  return (
    <dl className="attack-stats">
      {TROOP_TYPES.map(({ key, unitKey, label }) => (
        <div key={key} className="attack-stats__row">
          <dt>
            <UnitIcon unit={unitKey} /> {label}
          </dt>
          <dd data-testid={`${prefix}-${key}`}>{formatCount(troops[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Commander gear's attack boost per troop type, in percent. */
export function CommanderBonusList({ bonuses, prefix }: { bonuses: CommanderBonusesDto; prefix: string }) {
  return (
    <dl className="attack-stats attack-stats--bonuses" aria-label="Commander bonuses">
      {TROOP_TYPES.map(({ bonusKey, unitKey, label }) => (
        <div key={bonusKey} className="attack-stats__row">
          <dt>
            <UnitIcon unit={unitKey} /> {label}
          </dt>
          <dd data-testid={`${prefix}-bonus-${bonusKey}`}>+{formatPower(bonuses[bonusKey])}%</dd>
        </div>
      ))}
    </dl>
  );
}
