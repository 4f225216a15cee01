import type { PendingResourcesDto, TroopCounts } from '@runik/contract';
import { resourceLines, TROOP_TYPES } from './attack-format';

interface LossesTableProps {
  /** The side's name, shown as the caption. */
  name: string;
  role: 'Attacker' | 'Defender';
  dead: TroopCounts;
  injured: TroopCounts;
  /** Test id prefix. */
  prefix: string;
}

/** One side's dead and injured per troop type. */
export function LossesTable({ name, role, dead, injured, prefix }: LossesTableProps) {
  return (
    <table className="attack-losses" data-testid={prefix}>
      <caption>
        {role}: <strong>{name}</strong>
      </caption>
      <thead>
        <tr>
          <th scope="col">Troops</th>
          <th scope="col">Dead</th>
          <th scope="col">Injured</th>
        </tr>
      </thead>
      <tbody>
        {TROOP_TYPES.map(({ key, label }) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td data-testid={`${prefix}-dead-${key}`}>{dead[key]}</td>
            <td data-testid={`${prefix}-injured-${key}`}>{injured[key]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The resources the attacker took, 2 decimals each. */
export function LootList({ loot, prefix }: { loot: Partial<PendingResourcesDto>; prefix: string }) {
  return (
    <dl className="attack-stats attack-loot">
      {resourceLines(loot).map(({ key, label, amount }) => (
        <div key={key} className="attack-stats__row">
          <dt>{label}</dt>
          <dd data-testid={`${prefix}-${key}`}>{amount}</dd>
        </div>
      ))}
    </dl>
  );
}
