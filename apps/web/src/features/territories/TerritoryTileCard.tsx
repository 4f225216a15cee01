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
