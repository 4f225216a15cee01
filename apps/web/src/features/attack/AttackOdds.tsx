import type { AttackPreviewResponse } from '@runik/contract';
import { formatPowerPoints } from '@runik/rules';
import { formatChance, formatLosses, formatLoot } from './attack-format';

/**
 * An enemy's odds before the attack (issue 36): both powers with every bonus, the chance to win over the
 * luck range, and the battle at even luck (losses, loot brought home, loot lost on the way), from the
 * preview the server computes with the battle's own formula.
 */
export function AttackOdds({ preview }: { preview: AttackPreviewResponse }) {
  const rows = [
    { id: 'your-power', label: 'Your power', value: formatPowerPoints(preview.attackerPower) },
    {
      id: 'their-power',
      label: 'Their power',
      value: `${formatPowerPoints(preview.defenderPower)} (+${preview.defenderAdvantagePercent}% at home)`,
    },
    { id: 'win-chance', label: 'Chance to win', value: formatChance(preview.winChance) },
    { id: 'losses', label: 'You lose (even luck)', value: formatLosses(preview.expectedLosses) },
    { id: 'loot', label: 'You bring home', value: formatLoot(preview.expectedLoot) },
    { id: 'loot-lost', label: 'Lost on the way', value: formatLoot(preview.lostOnTheWayHome) },
  ];
  return (
    <dl className="attack-stats attack-odds" aria-label="Your odds" data-testid="attack-odds">
      {rows.map(({ id, label, value }) => (
        <div key={id} className="attack-stats__row">
          <dt>{label}</dt>
          <dd data-testid={`odds-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
