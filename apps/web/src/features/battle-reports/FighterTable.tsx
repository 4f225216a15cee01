import type { BattleReportFighter } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { formatPower, TROOPS } from '../../shared/format';
import { UnitIcon } from '../../ui/icons/UnitIcon';
import { Fallen, Standing } from '../../shared/battle/battle-playback';
import { BattleReportTexts } from './battle-report-texts';

/** One fighter's troops: what went in, the commander boost, what was left standing and what died or went to the Sanctum. */
export function FighterTable({ fighter }: { fighter: BattleReportFighter }) {
  return (
    <table className="battle-report__table" data-testid={`fighter-${fighter.hiveUsername}`}>
      <caption>{fighter.hiveUsername}</caption>
      <thead>
        <tr>
          <th scope="col">Troops</th>
          <th scope="col">Army</th>
          <th scope="col">Boost</th>
          <th scope="col">Left</th>
          <th scope="col">Dead</th>
          <th scope="col">Injured</th>
        </tr>
      </thead>
      <tbody>
        {TROOPS.map(({ key, label }) => (
          <tr key={key}>
            <th scope="row">
              <UnitIcon unit={key} /> <span className="battle-report__unit-name">{label}</span>
            </th>
            <td data-testid={`army-${key}`}>{formatCount(fighter.army[key])}</td>
            <td data-testid={`boost-${key}`}>
              {fighter.boosts ? `+${formatPower(fighter.boosts[key])}%` : BattleReportTexts.unknownBoosts}
            </td>
            <td data-testid={`left-${key}`}>
              <Standing army={fighter.army[key]} dead={fighter.dead[key]} injured={fighter.injured[key]} />
            </td>
            <td data-testid={`dead-${key}`}>
              <Fallen count={fighter.dead[key]} />
            </td>
            <td data-testid={`injured-${key}`}>
              <Fallen count={fighter.injured[key]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
