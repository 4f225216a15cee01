import type { AllianceIcon } from '@runik/rules';
import { iconLabel, iconSymbol } from './alliance-icons';

/** An alliance's icon, named for assistive technology by its label. */
export function AllianceEmblem({ icon, size = 'small' }: { icon: AllianceIcon; size?: 'small' | 'large' }) {
  return (
    <span className={`alliance-emblem alliance-emblem--${size}`} role="img" aria-label={iconLabel(icon)}>
      {iconSymbol(icon)}
    </span>
  );
}
