import { ScreenArt } from '../../ui/ScreenArt';

/** Floors drawn down the tower: the viewed one is lit. */
const DRAWN_FLOORS = 6;

/** The Citadel's picture: its tower sinking into the abyss, one lit window per floor down, the viewed floor's brightest. */
export function CitadelArt({ floor }: { floor: number }) {
  // Which drawn window stands for the viewed floor: they cycle down the tower.
  const lit = (floor - 1) % DRAWN_FLOORS;
  return (
    <ScreenArt label={`The Abyssal Citadel sinking into the abyss, floor ${floor} lit`} testId="citadel-art" className="citadel-art">
      {(id) => (
        <>
          <defs>
            <linearGradient id={`${id}-abyss`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#1a1226" />
              <stop offset="0.6" stopColor="#0d0a12" />
              <stop offset="1" stopColor="#3a0d12" />
            </linearGradient>
          </defs>
          <rect width="320" height="140" fill={`url(#${id}-abyss)`} />
          {[
            [30, 18],
            [70, 30],
            [260, 14],
            [292, 40],
            [230, 28],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="1" fill="#f6ead2" opacity="0.7" />
          ))}
          {/* The chasm's two cliffs. */}
          <path d="M0 40 L60 46 L92 140 H0 Z" fill="#221a16" />
          <path d="M320 36 L262 44 L228 140 H320 Z" fill="#221a16" />
          {/* The tower, narrowing as it sinks. */}
          <path d="M128 18 h64 l-8 122 h-48 z" fill="#2e2530" stroke="#5a4a5e" strokeWidth="1.2" />
          <path d="M122 18 l38 -14 38 14 z" fill="#4a2a3a" stroke="#8e2b2b" />
          {Array.from({ length: DRAWN_FLOORS }, (_, index) => (
            <rect
              key={index}
              x="154"
              y={28 + index * 18}
              width="12"
              height="10"
              rx="5"
              fill={index === lit ? '#f0a33c' : '#5a2a2a'}
              opacity={index === lit ? 1 : 0.6}
            />
          ))}
          {/* The glow of the deep. */}
          <ellipse cx="160" cy="140" rx="90" ry="18" fill="#e0462a" opacity="0.35" />
          <text x="160" y="132" textAnchor="middle" className="screen-art__label" fill="#f0c96b">
            Floor {floor}
          </text>
        </>
      )}
    </ScreenArt>
  );
}
