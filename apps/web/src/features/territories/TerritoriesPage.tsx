import { TERRITORY_TILES } from './territory-tiles';
import { TerritoryTileCard } from './TerritoryTileCard';
import { TerritoriesArt } from './TerritoriesArt';
import './territories.css';

/** The Territories hub (route /territories, spec section 2): four tiles, two of them open. */
export function TerritoriesPage() {
  return (
    <section className="territories" aria-labelledby="territories-title">
      <h1 id="territories-title" className="territories__title">
        Territories
      </h1>
      <TerritoriesArt />
      <ul className="tile-grid tile-grid--fit territories__tiles">
        {TERRITORY_TILES.map((tile) => (
          <TerritoryTileCard key={tile.slug} tile={tile} />
        ))}
      </ul>
    </section>
  );
}
