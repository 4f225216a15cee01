import { RNK_PER_SWAP_HIVE } from '../money/runik-value';
import { SeededRandom, seededRandom } from '../random/seeded-random';
import { COMMANDER_GEAR_TYPES, GEAR_RARITIES, GearCategory, GearRarity, GearType, MAYOR_GEAR_TYPES } from './gear';

/** Ten packs make a bulk purchase (spec, section 9). */
export const PACK_BULK_SIZE = 10;
/** RUNIK prices in thousandths: 10 a pack, 100 for ten (docs/gear.md). */
const PACK_RUNIK_PRICES = { single: 10_000, bulk: 100_000 };
/**
 * The SWAP.HIVE prices are the RUNIK prices at the reference rate (rounded up), so a pack costs the
 * same in either currency: 1.000 and 10.000 SWAP.HIVE.
 */
export const PACK_PRICES = {
  runik: PACK_RUNIK_PRICES,
  hive: { single: Math.ceil(PACK_RUNIK_PRICES.single / RNK_PER_SWAP_HIVE), bulk: Math.ceil(PACK_RUNIK_PRICES.bulk / RNK_PER_SWAP_HIVE) },
} as const;
export type PackCurrency = keyof typeof PACK_PRICES;

/** Odds in thousandths (spec, section 9). */
export const CATEGORY_ODDS: Readonly<Record<GearCategory, number>> = { mayor: 670, commander: 330 };
export const RARITY_ODDS: Readonly<Record<GearRarity, number>> = { common: 800, rare: 130, epic: 59, legendary: 9, mythical: 2 };

/** 1 + floor(packs bought / 10). */
export function packTier(packsBought: number): number {
  return 1 + Math.floor(packsBought / PACK_BULK_SIZE);
}

/** A gear's level out of a pack: the buyer's tier, up to level 5. */
export const PACK_GEAR_MAX_LEVEL = 5;

export interface RolledGear {
  category: GearCategory;
  type: GearType;
  rarity: GearRarity;
  level: number;
}

/** One gear a pack; every draw from the purchase's recorded seed, so anyone can replay it. */
export function rollPacks(seed: number, packCount: number, tier: number): RolledGear[] {
  const random = seededRandom(seed);
  return Array.from({ length: packCount }, () => rollGear(random, tier));
}

function rollGear(random: SeededRandom, tier: number): RolledGear {
  const category: GearCategory = random.int(0, 999) < CATEGORY_ODDS.mayor ? 'mayor' : 'commander';
  const types = category === 'mayor' ? MAYOR_GEAR_TYPES : COMMANDER_GEAR_TYPES;
  const type = types[random.int(0, types.length - 1)];
  let roll = random.int(0, 999);
  let rarity: GearRarity = 'common';
  for (const candidate of GEAR_RARITIES) {
    if (roll < RARITY_ODDS[candidate]) {
      rarity = candidate;
      break;
    }
    roll -= RARITY_ODDS[candidate];
  }
  return { category, type, rarity, level: Math.min(tier, PACK_GEAR_MAX_LEVEL) };
}
