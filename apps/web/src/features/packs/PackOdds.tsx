import { CATEGORY_ODDS, GEAR_CATEGORIES, GEAR_RARITIES, PACK_BULK_SIZE, PACK_GEAR_MAX_LEVEL, RARITY_ODDS } from '@runik/rules';

/** Odds in thousandths as a percent: 9 → "0.9%". */
const percent = (thousandths: number) => `${thousandths / 10}%`;

/** What a pack holds and how likely each kind is (spec section 9), from the same tables the server rolls with. */
export function PackOdds() {
  return (
    <details className="pack-odds panel" data-testid="pack-odds">
      <summary className="pack-odds__summary">What is in a pack?</summary>
      <p className="pack-odds__text">
        Each pack holds one gear. Gears come at your tier&apos;s level (up to {PACK_GEAR_MAX_LEVEL}); every {PACK_BULK_SIZE} packs bought
        raise the tier by one.
      </p>
      <dl className="pack-odds__table">
        {GEAR_CATEGORIES.map((category) => (
          <div key={category} className="pack-odds__row">
            <dt>{category}</dt>
            <dd>{percent(CATEGORY_ODDS[category])}</dd>
          </div>
        ))}
      </dl>
      <dl className="pack-odds__table">
        {GEAR_RARITIES.map((rarity) => (
          <div key={rarity} className={`pack-odds__row pack-odds__row--${rarity}`}>
            <dt>{rarity}</dt>
            <dd>{percent(RARITY_ODDS[rarity])}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
