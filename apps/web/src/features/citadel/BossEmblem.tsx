import type { CSSProperties } from 'react';
import { bossImage } from '@runik/rules';
import { BossIcon } from '../../ui/icons/BossIcon';

/** The boss of `floor`: image 1 to 12, cycling with the floor (same rule as the server). */
export function BossEmblem({ floor, defeated }: { floor: number; defeated: boolean }) {
  const image = bossImage(floor);
  // Each image gets its own hue, 30° apart, so neighbouring floors look different.
  const style = { '--boss-hue': `${(image - 1) * 30}deg` } as CSSProperties;
  return (
    <div
      className={`citadel-boss${defeated ? ' citadel-boss--defeated' : ''}`}
      role="img"
      aria-label={`Boss ${image}`}
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
  );
}
