import type { ComponentType, SVGProps } from 'react';
import './game-icons.css';

/** An icon compiled at build time from `~icons/game-icons/<name>`. */
export type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

export interface GameIconProps {
  /** Given when the icon carries meaning alone (no word beside it): it becomes an image with this name. */
  label?: string;
  className?: string;
}

/** One game-icons.net drawing at the text's size and colour; decorative unless it has a label. */
export function GameIcon({ icon: Icon, label, className }: GameIconProps & { icon: IconComponent }) {
  const classes = className ? `game-icon ${className}` : 'game-icon';
  return label ? (
    <span className={classes} role="img" aria-label={label}>
      <Icon aria-hidden="true" focusable="false" />
    </span>
  ) : (
    <span className={classes} aria-hidden="true">
      <Icon focusable="false" />
    </span>
  );
}
