import type { CSSProperties } from 'react';
import { BossIcon } from '../../ui/icons/BossIcon';
import { bossOfFloor } from './boss-lore';

/** The boss of `floor`, shown large: image 1 to 12 cycling with the floor (same rule as the server), its name and lore. */
export function BossEmblem({ floor, defeated }: { floor: number; defeated: boolean }) {
  const boss = bossOfFloor(floor);
  const { image } = boss;
  // Each image gets its own hue, 30° apart, so neighbouring floors look different.
  const style = { '--boss-hue': `${(image - 1) * 30}deg` } as CSSProperties;
  return (
    <figure className="citadel-boss-figure" data-testid="boss-figure">
      <div
        className={`citadel-boss${defeated ? ' citadel-boss--defeated' : ''}`}
        role="img"
        aria-label={`Boss ${image}: ${boss.name}`}
        data-testid={`boss-image-${image}`}
        style={style}
      >
        <BossIcon image={image} className="citadel-boss__glyph" />
        <span className="citadel-boss__number" aria-hidden="true">
          {image}
        </span>
        {defeated && (
          <span className="citadel-boss__badge" aria-hidden="true">
            Defeated
          </span>
        )}
      </div>
      <figcaption className="citadel-boss__caption">
        <strong className="citadel-boss__name" data-testid="boss-name">
          {boss.name}
        </strong>
        <span className="citadel-boss__lore" data-testid="boss-lore">
          {boss.lore}
        </span>
      </figcaption>
    </figure>
  );
}
