import type { PendingResourcesDto, TroopCounts } from '@runik/contract';
import { formatCount } from '@runik/rules';
import { resourceLines, TROOP_TYPES } from '../format';
import { ProgressBar } from '../../ui/ProgressBar';
import { UnitIcon } from '../../ui/icons/UnitIcon';
import { Fallen, Standing, useLootArrival, useStanding } from './battle-playback';

interface LossesTableProps {
  /** The side's name, shown as the caption. */
  name: string;
  role: 'Attacker' | 'Defender';
  /** The troops the side brought, when known: then what was left standing is shown too. */
  army?: TroopCounts | null;
  dead: TroopCounts;
  injured: TroopCounts;
  /** Test id prefix. */
  prefix: string;
}

/** One side's dead and injured per troop type, falling while a battle plays. */
export function LossesTable({ name, role, army, dead, injured, prefix }: LossesTableProps) {
  return (
    <>
      {army && <StandingBar role={role} army={army} dead={dead} injured={injured} />}
      <table className="attack-losses" data-testid={prefix}>
        <caption>
          {role}: <strong>{name}</strong>
        </caption>
        <thead>
          <tr>
            <th scope="col">Troops</th>
            {army && <th scope="col">Left</th>}
            <th scope="col">Dead</th>
            <th scope="col">Injured</th>
          </tr>
        </thead>
        <tbody>
          {TROOP_TYPES.map(({ key, unitKey, label }) => (
            <tr key={key}>
              <th scope="row">
                <UnitIcon unit={unitKey} /> {label}
              </th>
              {army && (
                <td data-testid={`${prefix}-left-${key}`}>
                  <Standing army={army[key]} dead={dead[key]} injured={injured[key]} />
                </td>
              )}
              <td data-testid={`${prefix}-dead-${key}`}>
                <Fallen count={dead[key]} />
              </td>
              <td data-testid={`${prefix}-injured-${key}`}>
                <Fallen count={injured[key]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const total = (troops: TroopCounts) => troops.infantry + troops.archers + troops.cavalry;

/** The side's whole army as a bar, draining as its troops fall. */
function StandingBar({ role, army, dead, injured }: { role: string; army: TroopCounts; dead: TroopCounts; injured: TroopCounts }) {
  const standing = useStanding(total(army), total(dead), total(injured));
  return (
    <ProgressBar
      value={standing}
      max={total(army)}
      tone="health"
      smooth={false}
      label={`${role} troops standing`}
      valueText={`${formatCount(standing)} of ${formatCount(total(army))}`}
    >
      {role} troops standing: {formatCount(standing)} of {formatCount(total(army))}
    </ProgressBar>
  );
}

/** The resources the attacker took, 2 decimals each; while a battle plays they fly in from the enemy's side. */
export function LootList({ loot, prefix }: { loot: Partial<PendingResourcesDto>; prefix: string }) {
  const arrival = useLootArrival();
  const arriving = arrival < 1 ? scaled(loot, arrival) : loot;
  // Each amount drops into its row as it arrives.
  const flight = arrival < 1 ? { transform: `translateY(${(arrival - 1) * 1.5}rem)`, opacity: 0.3 + 0.7 * arrival } : undefined;
  return (
    <dl className="attack-stats attack-loot">
      {resourceLines(arriving).map(({ key, label, amount }) => (
        <div key={key} className="attack-stats__row" style={flight}>
          <dt>{label}</dt>
          <dd data-testid={`${prefix}-${key}`}>{amount}</dd>
        </div>
      ))}
    </dl>
  );
}

function scaled(loot: Partial<PendingResourcesDto>, share: number): Partial<PendingResourcesDto> {
  return Object.fromEntries(Object.entries(loot).map(([key, amount]) => [key, (amount ?? 0) * share]));
}
