import { formatCount, type Troops } from '@runik/rules';
import { TROOPS } from '../../shared/format';

/** Power in the rules' thousandths, as whole power points like every screen (issue 35). */
export function formatThronePower(thousandths: number): string {
  return formatCount(thousandths);
}

/** Troops in one line: "1,200 Infantry, 300 Archers, 40 Cavalry". */
export function formatTroops(troops: Troops): string {
  return TROOPS.map(({ key, label }) => `${formatCount(troops[key])} ${label}`).join(', ');
}
