import { ALLIANCE_ICONS, type AllianceIcon } from '@runik/rules';

/** A symbol every device can draw for each of the spec's 16 icons. */
const ICON_SYMBOLS: Record<AllianceIcon, string> = {
  shield: '🛡️',
  swords: '⚔️',
  dragon: '🐉',
  dragonHead: '🐲',
  fire: '🔥',
  bolt: '⚡',
  lightning: '🌩️',
  crown: '👑',
  skull: '💀',
  castle: '🏰',
  wolf: '🐺',
  lion: '🦁',
  tiger: '🐯',
  bear: '🐻',
  eagle: '🦅',
  swordsPower: '🗡️',
};

export function iconSymbol(icon: AllianceIcon): string {
  return ICON_SYMBOLS[icon] ?? ICON_SYMBOLS.shield;
}

/** The spec's label ('bolt' is Lightning, 'lightning' is Thunder). */
export function iconLabel(icon: AllianceIcon): string {
  return ALLIANCE_ICONS.find((entry) => entry.id === icon)?.label ?? icon;
}
