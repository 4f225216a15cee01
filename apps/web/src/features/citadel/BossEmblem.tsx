import type { CSSProperties } from 'react';
import { bossImage } from '@runik/rules';

/** One glyph per boss image: no image assets exist, so each boss is a drawn emblem (spec section 9: 12 images). */
const BOSS_GLYPHS = ['👹', '💀', '🐉', '🦂', '🕷️', '🐍', '👁️', '🦇', '🐺', '🔥', '☠️', '🗿'] as const;

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
      <span className="citadel-boss__glyph" aria-hidden="true">
        {BOSS_GLYPHS[image - 1]}
      </span>
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
