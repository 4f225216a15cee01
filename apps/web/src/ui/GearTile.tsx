import type { ReactNode } from 'react';
import './gear-tile.css';

interface GearTileProps {
  /** The gear's name with its level; also the tile's accessible name. */
  name: string;
  /** common, rare, epic, legendary or mythical: the colour of the border and the name. */
  rarity: string;
  rarityLabel: string;
  /** The gear's stat line. */
  stat: ReactNode;
  /** The gear's picture in its rarity frame. */
  icon?: ReactNode;
  /** Rings the tile: the blacksmith's target (gold) or a material (green). */
  highlight?: 'target' | 'material';
  testId: string;
  /** Details under the stat (experience, badges, price). */
  children?: ReactNode;
  /** Buttons at the foot of the tile. */
  actions?: ReactNode;
}

/** One gear as a tile: name, rarity and stat, then what the screen adds (spec section 3). */
export function GearTile({ name, rarity, rarityLabel, stat, icon, highlight, testId, children, actions }: GearTileProps) {
  const classes = ['gear-tile', `rarity--${rarity}`, highlight ? `gear-tile--${highlight}` : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-label={name} data-testid={testId} data-rarity={rarity}>
      <header className="gear-tile__header">
        {icon}
        <span className="gear-tile__title">
          <strong className="gear-tile__name" data-testid="gear-name">
            {name}
          </strong>
          <span className="gear-tile__rarity" data-testid="gear-rarity">
            {rarityLabel}
          </span>
        </span>
      </header>
      <p className="gear-tile__stat" data-testid="gear-stat">
        {stat}
      </p>
      {children}
      {actions && <div className="gear-tile__actions">{actions}</div>}
    </article>
  );
}
