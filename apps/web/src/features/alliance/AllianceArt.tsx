import { ScreenArt } from '../../ui/ScreenArt';

const BANNERS = [
  { x: 70, colour: '#8e2b2b', emblem: 'M0 10 l6 10 h-12 z' },
  { x: 160, colour: '#d4a64a', emblem: 'M0 8 l3 7 7 0 -5.5 4.5 2 7 -6.5 -4 -6.5 4 2 -7 -5.5 -4.5 7 0 z' },
  { x: 250, colour: '#2f5c8a', emblem: 'M-7 12 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0' },
];

/** The Alliance screen's picture: three allied banners raised before a mead hall at dusk, a fire between them. */
export function AllianceArt() {
  return (
    <ScreenArt label="Three allied banners raised before a mead hall at dusk" testId="alliance-art">
      {(id) => (
        <>
          <defs>
            <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#1b1530" />
              <stop offset="1" stopColor="#7a3d22" />
            </linearGradient>
          </defs>
          <rect width="320" height="140" fill={`url(#${id}-sky)`} />
          <path d="M0 96 Q60 70 120 90 T240 84 T320 92 V140 H0 Z" fill="#2b2118" />
          <path d="M0 112 Q80 100 160 110 T320 108 V140 H0 Z" fill="#1a140e" />
          {/* The hall. */}
          <path d="M112 104 L160 72 L208 104 Z" fill="#4a3322" stroke="#d4a64a" strokeWidth="1.2" />
          <rect x="120" y="104" width="80" height="18" fill="#3a2818" />
          <rect x="154" y="108" width="12" height="14" fill="#f0a33c" opacity="0.85" />
          <path d="M150 72 l-6 -8 M170 72 l6 -8" stroke="#d4a64a" strokeWidth="2" />
          {BANNERS.map(({ x, colour, emblem }) => (
            <g key={x} transform={`translate(${x} 30)`}>
              <line x1="0" y1="-6" x2="0" y2="96" stroke="#8a6a3a" strokeWidth="3" />
              <circle cx="0" cy="-7" r="3" fill="#d4a64a" />
              <path d="M-14 0 h28 v40 l-14 -8 -14 8 z" fill={colour} stroke="#d4a64a" strokeWidth="1" />
              <path d={emblem} fill="#f6ead2" opacity="0.9" />
            </g>
          ))}
          {/* The fire between the banners. */}
          <path d="M112 124 q4 -14 8 -6 q2 -10 6 -2 q4 -6 4 8 z" fill="#f0a33c" />
          <path d="M200 124 q4 -14 8 -6 q2 -10 6 -2 q4 -6 4 8 z" fill="#f0a33c" />
        </>
      )}
    </ScreenArt>
  );
}
