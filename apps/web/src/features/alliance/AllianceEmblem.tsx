import type { AllianceIcon } from '@runik/rules';
import { AllianceEmblemIcon } from '../../ui/icons/AllianceEmblemIcon';
import { iconLabel } from './alliance-icons';

/** An alliance's icon, named for assistive technology by its label. */
export function AllianceEmblem({ icon, size = 'small' }: { icon: AllianceIcon; size?: 'small' | 'large' }) {
  return <AllianceEmblemIcon emblem={icon} label={iconLabel(icon)} className={`alliance-emblem alliance-emblem--${size}`} />;
}
