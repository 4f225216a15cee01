import { MARKETPLACE_ENTRIES } from './marketplace-entries';
import { MarketplaceEntryCard } from './MarketplaceEntryCard';
import './marketplace.css';

/** The Marketplace hub (route /marketplace, spec section 2): Packs, the shop and Gear Trading. */
export function MarketplacePage() {
  return (
    <section className="marketplace" aria-labelledby="marketplace-title">
      <h1 id="marketplace-title" className="marketplace__title">
        Marketplace
      </h1>
      <ul className="tile-grid tile-grid--fit marketplace__entries">
        {MARKETPLACE_ENTRIES.map((entry) => (
          <MarketplaceEntryCard key={entry.key} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
