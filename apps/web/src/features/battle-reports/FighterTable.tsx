import type { BattleReportFighter } from '@runik/contract';
import { formatPower } from '../attack/attack-format';
import { TROOPS } from '../citadel/citadel-format';
import { BattleReportTexts } from './battle-report-texts';

/** One fighter's troops: what went in, the commander boost, and what died or went to the Sanctum. */
export function FighterTable({ fighter }: { fighter: BattleReportFighter }) {
  return (
    <table className="battle-report__table" data-testid={`fighter-${fighter.hiveUsername}`}>
      <caption>{fighter.hiveUsername}</caption>
      <thead>
        <tr>
          <th scope="col">Troops</th>
          <th scope="col">Army</th>
          <th scope="col">Boost</th>
          <th scope="col">Dead</th>
          <th scope="col">Injured</th>
        </tr>
      </thead>
      <tbody>
        {TROOPS.map(({ key, label }) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td data-testid={`army-${key}`}>{fighter.army[key].toLocaleString('en-US')}</td>
            <td data-testid={`boost-${key}`}>{fighter.boosts ? `+${formatPower(fighter.boosts[key])}%` : BattleReportTexts.unknownBoosts}</td>
            <td data-testid={`dead-${key}`}>{fighter.dead[key].toLocaleString('en-US')}</td>
            <td data-testid={`injured-${key}`}>{fighter.injured[key].toLocaleString('en-US')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
