import { ScreenArt } from '../../ui/ScreenArt';

/** The Territories screen's picture: a map with the citadel, the throne, and two lands still in fog. */
export function TerritoriesArt() {
  return (
    <ScreenArt label="A map of the territories: the Abyssal Citadel, the throne, and two lands still in fog" testId="territories-art">
      {(id) => (
        <>
          <defs>
            <radialGradient id={`${id}-parchment`} cx="0.5" cy="0.5" r="0.7">
              <stop offset="0" stopColor="#d9c4a0" />
              <stop offset="1" stopColor="#9a7d52" />
            </radialGradient>
          </defs>
          <rect width="320" height="140" fill="#3a2a18" />
          <rect x="8" y="8" width="304" height="124" rx="6" fill={`url(#${id}-parchment)`} />
          {/* The coast. */}
          <path d="M8 96 Q60 80 96 100 T180 96 T240 110 T312 98 V132 H8 Z" fill="#5a7a8a" opacity="0.55" />
          {/* Paths between the places. */}
          <path d="M70 58 Q120 30 160 56 T250 50" fill="none" stroke="#5a3f24" strokeWidth="1.5" strokeDasharray="4 4" />
          <path d="M160 56 Q170 80 118 92" fill="none" stroke="#5a3f24" strokeWidth="1.5" strokeDasharray="4 4" />
          {/* The Abyssal Citadel. */}
          <g transform="translate(70 58)">
            <path d="M-8 14 h16 l-3 -26 h-10 z" fill="#3a2e3e" />
            <path d="M-10 -12 l10 -8 10 8 z" fill="#8e2b2b" />
          </g>
          {/* The throne. */}
          <g transform="translate(160 56)" fill="#8a6a3a" stroke="#3a2818">
            <path d="M-9 12 v-18 h4 v8 h10 v-8 h4 v18 z" />
            <path d="M-8 -12 l4 5 4 -7 4 7 4 -5 -2 6 h-12 z" fill="#d4a64a" />
          </g>
          {/* Two lands in fog. */}
          {[
            [250, 50],
            [118, 92],
          ].map(([x, y]) => (
            <g key={x} transform={`translate(${x} ${y})`}>
              <ellipse rx="30" ry="16" fill="#f6ead2" opacity="0.55" />
              <ellipse cx="10" cy="-4" rx="20" ry="10" fill="#f6ead2" opacity="0.5" />
              <text y="5" textAnchor="middle" fontSize="16" fontWeight="700" fill="#5a3f24">
                ?
              </text>
            </g>
          ))}
          {/* A compass rose. */}
          <g transform="translate(284 30)" fill="#5a3f24">
            <path d="M0 -14 l3 11 -3 3 -3 -3 z" />
            <path d="M0 14 l3 -11 -3 -3 -3 3 z" opacity="0.6" />
            <path d="M-14 0 l11 -3 3 3 -3 3 z" opacity="0.6" />
            <path d="M14 0 l-11 -3 -3 3 3 3 z" opacity="0.6" />
          </g>
        </>
      )}
    </ScreenArt>
  );
}
