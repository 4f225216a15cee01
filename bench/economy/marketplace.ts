import { gearStatPercent, listingFee, saleSplit } from '@runik/rules';
import { GEAR_BUDGET_SHARE, LISTING_DAYS, LISTING_PRICES } from './archetypes';
import { City, OwnedGear } from './city';
import { RunikLedger } from './ledger';
import { DAY_MS } from './time';

interface Listing {
  seller: City;
  gear: OwnedGear;
  /** Whole RUNIK. */
  price: number;
  listedMs: number;
}

/** Gear trading between bots, with the rules' listing fee and sale split. */
export class Marketplace {
  private listings: Listing[] = [];

  constructor(private readonly ledger: RunikLedger) {}

  /**
   * A seller takes back what did not sell in LISTING_DAYS and lists the gear it does not wear at a
   * price by rarity, paying the fee; commons, the gear taken back and what it cannot pay the fee for
   * go to the blacksmith.
   */
  restock(seller: City, nowMs: number): void {
    const stale = this.listings.filter((listing) => listing.seller === seller && nowMs - listing.listedMs > LISTING_DAYS * DAY_MS);
    this.listings = this.listings.filter((listing) => !stale.includes(listing));
    const listed = new Set(this.listings.filter((listing) => listing.seller === seller).map((listing) => listing.gear));
    const toSmelt: OwnedGear[] = stale.map((listing) => listing.gear);
    for (const gear of seller.spares()) {
      if (listed.has(gear) || toSmelt.includes(gear)) continue;
      const price = gear.rarity === 'common' ? null : LISTING_PRICES[gear.rarity];
      if (price === null || listingFee(price) > seller.runik) {
        toSmelt.push(gear);
        continue;
      }
      this.ledger.transfer('listing-fee', seller.id, 'system:fees', listingFee(price));
      this.listings.push({ seller, gear, price, listedMs: nowMs });
    }
    seller.smelt(toSmelt, nowMs);
  }

  /**
   * Buys the cheapest listing that beats the buyer's worn gear of its type, within its budget (a share
   * of its withdrawable RUNIK: a sale takes no locked RUNIK); true when it bought one.
   */
  buyUpgrade(buyer: City, nowMs: number): boolean {
    const budget = Math.floor(this.ledger.withdrawable(buyer.id) * GEAR_BUDGET_SHARE);
    const worn = new Map(buyer.equipped().map((gear) => [gear.type, gear]));
    let best: Listing | null = null;
    for (const listing of this.listings) {
      if (listing.seller === buyer || listing.price * 1000 > budget || (best && best.price <= listing.price)) continue;
      const current = worn.get(listing.gear.type);
      if (current && !beats(listing.gear, current)) continue;
      best = listing;
    }
    if (!best) return false;
    const { seller, tax } = saleSplit(best.price);
    this.ledger.transfer('gear-sale', buyer.id, best.seller.id, seller);
    this.ledger.transfer('sale-tax', buyer.id, 'system:tax', tax);
    this.listings.splice(this.listings.indexOf(best), 1);
    best.seller.gears.splice(best.seller.gears.indexOf(best.gear), 1);
    buyer.receiveGear(best.gear, nowMs);
    return true;
  }
}

function beats(candidate: OwnedGear, worn: OwnedGear): boolean {
  return gearStatPercent(candidate.rarity, candidate.level) > gearStatPercent(worn.rarity, worn.level);
}
