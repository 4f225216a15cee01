import { formatRunikDecimal, type UnitKey } from '@runik/rules';
import { formatPower } from '../attack/attack-format';

/** The troop types in the order the city lists them. */
export const TROOPS: readonly { key: UnitKey; label: string }[] = [
  { key: 'infantry', label: 'Infantry' },
  { key: 'archers', label: 'Archers' },
  { key: 'cavalries', label: 'Cavalry' },
];

/** Damage, hit points and army power: power points to 3 decimals, as the Attack screen shows them ("61.5"). */
export function formatPoints(points: number): string {
  return formatPower(points);
}

/** A RUNIK amount from the API, rounded down to 3 decimals like every RUNIK display. */
export function formatRunikAmount(runik: number): string {
  return `${formatRunikDecimal(runik)} RUNIK`;
}
