import { ScreenArt } from '../../ui/ScreenArt';

/** The P2P Market's picture: a trader's stall, gear on the counter, coins weighed on a pair of scales. */
export function TradingArt() {
  return (
    <ScreenArt label="A trader's stall with gear on the counter and coins weighed on a pair of scales" testId="trading-art">
      {(id) => (
        <>
          <defs>
            <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#2a1f2e" />
              <stop offset="1" stopColor="#5a3a24" />
            </linearGradient>
          </defs>
          <rect width="320" height="140" fill={`url(#${id}-sky)`} />
          <rect y="118" width="320" height="22" fill="#2a211a" />
          {/* The awning, striped. */}
          {Array.from({ length: 8 }, (_, index) => (
            <path
              key={index}
              d={`M${64 + index * 24} 26 h24 v22 a12 12 0 0 1 -24 0 z`}
              fill={index % 2 ? '#d4a64a' : '#8e2b2b'}
              stroke="#1a140e"
              strokeWidth="0.8"
            />
          ))}
          <rect x="66" y="48" width="4" height="72" fill="#6b4a2a" />
          <rect x="250" y="48" width="4" height="72" fill="#6b4a2a" />
          {/* The counter. */}
          <rect x="56" y="92" width="208" height="28" fill="#5a3f24" stroke="#d4a64a" strokeWidth="1" />
          {/* A shield and a helm for sale. */}
          <path d="M88 70 h26 v12 q0 12 -13 18 q-13 -6 -13 -18 z" fill="#2f5c8a" stroke="#d4a64a" strokeWidth="1.2" />
          <path d="M124 92 v-10 a12 12 0 0 1 24 0 v10 z" fill="#6b7480" stroke="#9aa3ad" />
          <rect x="134" y="80" width="4" height="10" fill="#15100c" />
          {/* The scales, coins on each pan. */}
          <g transform="translate(200 58)">
            <rect x="-1.5" y="0" width="3" height="34" fill="#d4a64a" />
            <path d="M-30 6 h60" stroke="#d4a64a" strokeWidth="2" />
            <path d="M-30 6 l-8 16 h16 z M30 6 l-8 16 h16 z" fill="none" stroke="#d4a64a" strokeWidth="1" />
            <ellipse cx="-30" cy="22" rx="10" ry="3" fill="#d4a64a" />
            <ellipse cx="30" cy="22" rx="10" ry="3" fill="#d4a64a" />
            <circle cx="-33" cy="18" r="3.5" fill="#f0c96b" />
            <circle cx="-27" cy="18" r="3.5" fill="#f0c96b" />
            <circle cx="30" cy="18" r="3.5" fill="#f0c96b" />
          </g>
          {/* Two traders. */}
          <g fill="#1a140e">
            <circle cx="30" cy="84" r="8" />
            <path d="M18 120 v-22 a12 12 0 0 1 24 0 v22 z" />
            <circle cx="290" cy="84" r="8" />
            <path d="M278 120 v-22 a12 12 0 0 1 24 0 v22 z" />
          </g>
        </>
      )}
    </ScreenArt>
  );
}
