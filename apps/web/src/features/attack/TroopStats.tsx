import type { CommanderBonusesDto, TroopCounts } from '@runik/contract';
import { formatPower, TROOP_TYPES } from './attack-format';

/** Troop counts, one line per type; `prefix` keeps test ids apart when a card shows several. */
export function TroopCountList({ troops, prefix }: { troops: TroopCounts; prefix: string }) {
  return (
    <dl className="attack-stats">
      {TROOP_TYPES.map(({ key, label }) => (
        <div key={key} className="attack-stats__row">
          <dt>{label}</dt>
          <dd data-testid={`${prefix}-${key}`}>{troops[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Commander gear's attack boost per troop type, in percent. */
export function CommanderBonusList({ bonuses, prefix }: { bonuses: CommanderBonusesDto; prefix: string }) {
  return (
    <dl className="attack-stats attack-stats--bonuses" aria-label="Commander bonuses">
      {TROOP_TYPES.map(({ bonusKey, label }) => (
        <div key={bonusKey} className="attack-stats__row">
          <dt>{label}</dt>
          <dd data-testid={`${prefix}-bonus-${bonusKey}`}>+{formatPower(bonuses[bonusKey])}%</dd>
        </div>
      ))}
    </dl>
  );
}
