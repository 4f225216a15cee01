import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TerritoryTile } from './territory-tiles';

/** One territory: title, a line about it, and Enter (or a disabled Soon). */
export function TerritoryTileCard({ tile }: { tile: TerritoryTile }) {
  const titleId = useId();
  const navigate = useNavigate();
  const { to } = tile;
  return (
    <li className={`territory-tile panel ${to ? '' : 'territory-tile--soon'}`} aria-labelledby={titleId} data-testid={`tile-${tile.slug}`}>
      <h2 id={titleId} className="territory-tile__title">
        {tile.title}
      </h2>
      <p className="territory-tile__text">{tile.text}</p>
      {tile.teaser && (
        <>
          <FoggedLand />
          <p className="territory-tile__teaser" data-testid="tile-teaser">
            {tile.teaser}
          </p>
        </>
      )}
      {to ? (
        <button type="button" className="button button--primary territory-tile__action" onClick={() => navigate(to)}>
          Enter
        </button>
      ) : (
        <button type="button" className="button territory-tile__action" disabled>
          Soon
        </button>
      )}
    </li>
  );
}

/** A coming territory drawn: mountains half lost in fog. */
function FoggedLand() {
  return (
    <svg className="territory-tile__art" viewBox="0 0 160 80" role="img" aria-label="An uncharted land, half lost in fog">
      <rect width="160" height="80" rx="6" fill="#1b1620" />
      <path d="M0 70 L30 36 L48 52 L76 20 L104 54 L124 38 L160 70 V80 H0 Z" fill="#3a3140" />
      <path d="M70 27 L76 20 L82 27 Z" fill="#d9d4e0" />
      <ellipse cx="50" cy="62" rx="60" ry="10" fill="#d9d4e0" opacity="0.35" />
      <ellipse cx="120" cy="56" rx="50" ry="9" fill="#d9d4e0" opacity="0.3" />
      <text x="80" y="52" textAnchor="middle" fontSize="20" fontWeight="700" fill="#f0c96b">
        ?
      </text>
    </svg>
  );
}
