import type { AttackPreviewResponse } from '@runik/contract';
import { formatPowerPoints } from '@runik/rules';
import { formatChance, formatLosses, formatLoot } from './attack-format';

/** The rows read as a label over a sentence of figures. */
const SENTENCES = ['losses', 'loot', 'loot-lost'];

/** The odds' rows, with their labels; a value is null while the odds are being weighed. */
function oddsRows(preview: AttackPreviewResponse | null) {
  const value = (text: (odds: AttackPreviewResponse) => string) => (preview ? text(preview) : null);
  return [
    { id: 'your-power', label: 'Your power', value: value((odds) => formatPowerPoints(odds.attackerPower)) },
    {
      id: 'their-power',
      label: 'Their power',
      value: value((odds) => `${formatPowerPoints(odds.defenderPower)} (+${odds.defenderAdvantagePercent}% at home)`),
    },
    { id: 'win-chance', label: 'Chance to win', value: value((odds) => formatChance(odds.winChance)) },
    { id: 'losses', label: 'You lose (even luck)', value: value((odds) => formatLosses(odds.expectedLosses)) },
    { id: 'loot', label: 'You bring home', value: value((odds) => formatLoot(odds.expectedLoot)) },
    { id: 'loot-lost', label: 'Lost on the way', value: value((odds) => formatLoot(odds.lostOnTheWayHome)) },
  ];
}

/**
 * An enemy's odds before the attack (issue 36): both powers with every bonus, the chance to win over the
 * luck range, and the battle at even luck (losses, loot brought home, loot lost on the way), from the
 * preview the server computes with the battle's own formula. `preview` null: the same rows, their values
 * still being weighed, so the card (and its Attack button) does not move when they arrive (issue 45).
 */
export function AttackOdds({ preview }: { preview: AttackPreviewResponse | null }) {
  return (
    <dl
      className={preview ? 'attack-stats attack-odds' : 'attack-stats attack-odds attack-odds--pending'}
      aria-label="Your odds"
      aria-busy={preview === null}
      data-testid={preview ? 'attack-odds' : 'attack-odds-pending'}
    >
      {oddsRows(preview).map(({ id, label, value }) => (
        <div key={id} className={SENTENCES.includes(id) ? 'attack-stats__row attack-odds__sentence' : 'attack-stats__row'}>
          <dt>{label}</dt>
          <dd className={id.startsWith('loot') ? 'attack-odds__loot' : undefined} data-testid={value === null ? undefined : `odds-${id}`}>
            {value ?? '...'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
