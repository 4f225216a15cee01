import { formatCount, fromThousandths, type Troops } from '@runik/rules';
import { formatPower } from '../attack/attack-format';
import { TROOPS } from '../citadel/citadel-format';

/** Power points (thousandths) as the Attack screen shows them ("61.5"). */
export function formatThronePower(thousandths: number): string {
  return formatPower(fromThousandths(thousandths));
}

/** Troops in one line: "1,200 Infantry, 300 Archers, 40 Cavalry". */
export function formatTroops(troops: Troops): string {
  return TROOPS.map(({ key, label }) => `${formatCount(troops[key])} ${label}`).join(', ');
}
