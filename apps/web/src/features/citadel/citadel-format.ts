import type { Army } from '@runik/contract';
import { formatCount, formatPowerPoints, formatRunikDecimal } from '@runik/rules';
import { TROOPS } from '../../shared/format';

/** Damage, hit points and army power: whole power points, as every screen shows them (issue 35). */
export function formatPoints(points: number): string {
  return formatPowerPoints(points);
}

/** A RUNIK amount from the API, rounded down to 3 decimals like every RUNIK display. */
export function formatRunikAmount(runik: number): string {
  return `${formatRunikDecimal(runik)} RUNIK`;
}

/** A hit's casualties in one phrase: "3 dead and 7 injured". */
export function formatCasualties({ dead, injured }: { dead: Army; injured: Army }): string {
  const total = (army: Army) => TROOPS.reduce((sum, { key }) => sum + army[key], 0);
  return `${formatCount(total(dead))} dead and ${formatCount(total(injured))} injured`;
}
