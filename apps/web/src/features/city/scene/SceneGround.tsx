import { memo } from 'react';
import {
  GROUND_CENTRE,
  groundRadii,
  SCENE_HEIGHT,
  SCENE_KEYS,
  SCENE_PLACES,
  SCENE_WIDTH,
  wallOf,
  type SceneKey,
} from './city-scene-layout';

interface SceneGroundProps {
  chLevel: number;
  /** The buildings still locked: a staked-out plot each. */
  plots: SceneKey[];
  /** The picture's accessible name: what the city is. */
  label: string;
}

/** Trees of the wild around the city: a clearing's edge at first, then overtaken by the grown ground. */
const TREES = [
  [18, 96, 1],
  [36, 80, 0.8],
  [14, 178, 1.1],
  [300, 92, 1],
  [284, 78, 0.8],
  [306, 180, 1.1],
  [120, 190, 0.7],
  [206, 192, 0.8],
] as const;

/** Where the towers stand on a wall of City Hall 20 and above, in degrees round the ground. */
const TOWER_ANGLES = [200, 340, 160, 20] as const;

/**
 * The scene's picture, drawn here (no outside art): dusk sky and hills, the ground grown with the City Hall level and
 * its wall, paths from City Hall to every standing building, and a staked plot where a building is still locked.
 * The buildings themselves are buttons laid over it (CityScene).
 */
export const SceneGround = memo(function SceneGround({ chLevel, plots, label }: SceneGroundProps) {
  const { rx, ry } = groundRadii(chLevel);
  const wall = wallOf(chLevel);
  const hall = SCENE_PLACES.ch;
  const standing = SCENE_KEYS.filter((key) => key !== 'ch' && !plots.includes(key));
  return (
    <svg
      className="city-scene__picture"
      viewBox={`0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}`}
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={label}
      data-testid="scene-picture"
      data-ground={rx}
    >
      <defs>
        <linearGradient id="city-scene-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1c1626" />
          <stop offset="0.55" stopColor="#3a2a26" />
          <stop offset="1" stopColor="#23301f" />
        </linearGradient>
        <radialGradient id="city-scene-soil" cx="0.5" cy="0.45" r="0.6">
          <stop offset="0" stopColor="#6b5a34" />
          <stop offset="1" stopColor="#47502a" />
        </radialGradient>
      </defs>
      <rect width={SCENE_WIDTH} height={SCENE_HEIGHT} fill="url(#city-scene-sky)" />
      <circle cx="272" cy="26" r="11" fill="#f0c96b" opacity="0.85" />
      <path d="M0 70 L40 44 L78 66 L122 36 L168 62 L214 40 L258 64 L292 46 L320 60 L320 90 L0 90 Z" fill="#2b2430" />
      <path d="M0 84 Q80 64 160 80 T320 78 L320 200 L0 200 Z" fill="#2c3a24" />
      {TREES.map(([x, y, scale]) => (
        <g key={`${x}-${y}`} transform={`translate(${x} ${y}) scale(${scale})`} fill="#1d2b18">
          <path d="M0 -16 L9 2 L-9 2 Z" />
          <rect x="-1.5" y="2" width="3" height="4" fill="#3a2a1a" />
        </g>
      ))}
      <ellipse
        className="city-scene__ground"
        cx={GROUND_CENTRE.x}
        cy={GROUND_CENTRE.y}
        rx={rx}
        ry={ry}
        fill="url(#city-scene-soil)"
        stroke={wall === 'none' ? '#5b4631' : wall === 'palisade' ? '#7a5a32' : '#9a8f80'}
        strokeWidth={wall === 'none' ? 1 : wall === 'palisade' ? 3 : 4.5}
        strokeDasharray={wall === 'palisade' ? '2 1.5' : wall === 'none' ? '3 3' : undefined}
      />
      {wall === 'towers' &&
        TOWER_ANGLES.map((angle) => (
          <rect
            key={angle}
            x={GROUND_CENTRE.x + rx * Math.cos((angle * Math.PI) / 180) - 4}
            y={GROUND_CENTRE.y + ry * Math.sin((angle * Math.PI) / 180) - 11}
            width="8"
            height="13"
            fill="#9a8f80"
            stroke="#5b4631"
          />
        ))}
      {standing.map((key) => (
        <path
          key={key}
          d={`M${hall.x} ${hall.y} Q${(hall.x + SCENE_PLACES[key].x) / 2} ${Math.max(hall.y, SCENE_PLACES[key].y) + 8} ${SCENE_PLACES[key].x} ${SCENE_PLACES[key].y}`}
          fill="none"
          stroke="#8a7447"
          strokeWidth="2.5"
          strokeLinecap="round"
          opacity="0.55"
        />
      ))}
      {SCENE_KEYS.map((key) => {
        const { x, y } = SCENE_PLACES[key];
        const plot = plots.includes(key);
        return plot ? (
          <g key={key} data-testid={`scene-plot-${key}`}>
            <rect x={x - 14} y={y - 5} width="28" height="10" rx="1" fill="#3b3320" stroke="#b1a28c" strokeDasharray="2 2" />
            {[-14, 14].map((dx) => (
              <line key={dx} x1={x + dx} y1={y - 9} x2={x + dx} y2={y + 5} stroke="#b1a28c" strokeWidth="1.2" />
            ))}
          </g>
        ) : (
          <ellipse key={key} cx={x} cy={y} rx={key === 'ch' ? 20 : 15} ry={key === 'ch' ? 6 : 4.5} fill="#2a2214" opacity="0.55" />
        );
      })}
    </svg>
  );
});
