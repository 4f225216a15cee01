import { GEAR_RARITIES, type GearRarity } from '@runik/rules';
import type { Gear } from '@runik/contract';

/** The rarest of the cards turned so far; null before the first. */
export function bestRarity(gears: readonly Gear[]): GearRarity | null {
  let best = -1;
  for (const gear of gears) best = Math.max(best, GEAR_RARITIES.indexOf(gear.rarity as GearRarity));
  return best < 0 ? null : GEAR_RARITIES[best];
}

const RAYS = 16;

/**
 * The opened pack as a picture (issue 50): the pack torn open in the middle, and light pouring out of it in the colour
 * of the rarest card turned so far, the wider and brighter the rarer. The rays turn slowly unless the player asks for
 * reduced motion (packs.css). Drawn here, no outside art.
 */
export function PackRevealScene({ shown, total, best }: { shown: number; total: number; best: GearRarity | null }) {
  const rank = best ? GEAR_RARITIES.indexOf(best) : -1;
  const label = best
    ? `Pack reveal: ${shown} of ${total} cards turned; the rarest so far is ${best}`
    : `Pack reveal: the pack is opening, ${total} cards face down`;
  // Rays from the centre: longer and wider as the best card gets rarer.
  const length = 70 + Math.max(rank, 0) * 10;
  const half = 3 + Math.max(rank, 0) * 1.2;
  return (
    <svg
      className={`pack-reveal rarity--${best ?? 'common'}${best ? '' : ' pack-reveal--closed'}`}
      viewBox="0 0 320 160"
      role="img"
      aria-label={label}
      data-testid="pack-reveal-scene"
      data-best-rarity={best ?? 'none'}
    >
      <rect width="320" height="160" rx="10" className="pack-reveal__backdrop" />
      <g transform="translate(160 84)">
        <g className="pack-reveal__rays" opacity={best ? 0.35 + rank * 0.13 : 0.15}>
          {Array.from({ length: RAYS }, (_, index) => (
            <path key={index} d={`M0 0 L${-half} ${-length} L${half} ${-length} Z`} transform={`rotate(${(360 / RAYS) * index})`} />
          ))}
        </g>
        <circle r={22 + Math.max(rank, 0) * 4} className="pack-reveal__glow" />
        {/* The pack: a sealed pouch whose flap is thrown back once the first card is out. */}
        <path d="M-30 -8 h60 v38 a6 6 0 0 1 -6 6 h-48 a6 6 0 0 1 -6 -6 Z" className="pack-reveal__pouch" />
        <path d={best ? 'M-30 -8 L0 -34 L30 -8 Z' : 'M-30 -8 L0 14 L30 -8 Z'} className="pack-reveal__flap" />
        <path d="M-4 6 v14 M-4 6 l8 5 -8 5 8 6" className="pack-reveal__rune" />
      </g>
      {best && (
        <text x="160" y="150" textAnchor="middle" className="pack-reveal__rarity">
          {best}
        </text>
      )}
    </svg>
  );
}
