import { ScreenArt } from '../../ui/ScreenArt';

const SPARKS = [
  [176, 52],
  [190, 40],
  [204, 56],
  [168, 34],
  [214, 44],
  [198, 28],
  [183, 62],
];

/** The Blacksmith screen's picture: a blade on the anvil under a raised hammer, the forge glowing behind. */
export function BlacksmithArt() {
  return (
    <ScreenArt label="A blade on the anvil under a raised hammer, sparks flying, the forge glowing behind" testId="blacksmith-art">
      {(id) => (
        <>
          <defs>
            <radialGradient id={`${id}-fire`} cx="0.5" cy="0.6" r="0.6">
              <stop offset="0" stopColor="#ffd27a" />
              <stop offset="0.45" stopColor="#e0662a" />
              <stop offset="1" stopColor="#3a140a" />
            </radialGradient>
          </defs>
          <rect width="320" height="140" fill="#15100c" />
          {/* Stone wall and the forge's mouth. */}
          <path d="M0 0 h320 v140 h-320 z" fill="#1f1812" />
          <path d="M20 120 V56 a40 40 0 0 1 80 0 V120 Z" fill="#3a2e24" stroke="#5a4a3a" strokeWidth="3" />
          <path d="M34 120 V64 a26 26 0 0 1 52 0 V120 Z" fill={`url(#${id}-fire)`} />
          <rect y="120" width="320" height="20" fill="#2a211a" />
          {/* The anvil. */}
          <path
            d="M140 84 h100 q-8 10 -28 12 v12 h12 v12 h-70 v-12 h12 v-12 q-22 -2 -26 -12 z"
            fill="#5d6570"
            stroke="#9aa3ad"
            strokeWidth="1.2"
          />
          {/* The blade on it. */}
          <path d="M150 80 h70 l8 2 -8 2 h-70 z" fill="#d8dde3" />
          <rect x="140" y="79" width="10" height="6" fill="#8a6a3a" />
          {/* The hammer, raised. */}
          <g transform="rotate(-28 250 40)">
            <rect x="246" y="30" width="6" height="56" fill="#8a6a3a" />
            <rect x="234" y="18" width="30" height="16" rx="2" fill="#6b7480" stroke="#9aa3ad" />
          </g>
          {SPARKS.map(([x, y], index) => (
            <circle key={index} cx={x} cy={y} r={index % 2 ? 1.6 : 2.2} fill="#ffcf6a" />
          ))}
          {/* Tongs and a quench bucket. */}
          <rect x="268" y="100" width="28" height="20" rx="3" fill="#3a2818" stroke="#8a6a3a" />
          <path d="M112 120 l14 -30 M118 120 l10 -30" stroke="#6b7480" strokeWidth="2" />
        </>
      )}
    </ScreenArt>
  );
}
