import { ALLIANCE_ICONS, type AllianceIcon } from '@runik/rules';

/** The spec's label ('bolt' is Lightning, 'lightning' is Thunder); its drawing is ui/icons' AllianceEmblemIcon. */
export function iconLabel(icon: AllianceIcon): string {
  return ALLIANCE_ICONS.find((entry) => entry.id === icon)?.label ?? icon;
}
