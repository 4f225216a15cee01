/** Gear vocabulary (spec, section 9) and the stat and experience tables we chose (docs/gear.md). */
import { RESOURCE_KEYS, ResourceKey } from '../city/balance-sheet';
import { recordOf } from '../city/record-of';

export const GEAR_RARITIES = ['common', 'rare', 'epic', 'legendary', 'mythical'] as const;
export type GearRarity = (typeof GEAR_RARITIES)[number];

export const COMMANDER_GEAR_TYPES = ['infantry', 'archer', 'cavalry'] as const;
/** One mayor gear per resource: it raises that resource's production. */
export const MAYOR_GEAR_TYPES = RESOURCE_KEYS;
export const GEAR_TYPES = [...COMMANDER_GEAR_TYPES, ...MAYOR_GEAR_TYPES] as const;
export type CommanderGearType = (typeof COMMANDER_GEAR_TYPES)[number];
export type MayorGearType = (typeof MAYOR_GEAR_TYPES)[number];
export type GearType = (typeof GEAR_TYPES)[number];

export const GEAR_CATEGORIES = ['commander', 'mayor'] as const;
export type GearCategory = (typeof GEAR_CATEGORIES)[number];

export function isMayorGear(type: GearType): type is MayorGearType {
  return (MAYOR_GEAR_TYPES as readonly string[]).includes(type);
}

export function gearCategory(type: GearType): GearCategory {
  return isMayorGear(type) ? 'mayor' : 'commander';
}

export const GEAR_MAX_LEVEL = 20;

/** Stat in hundredths of a percent: at level 1, and added per level above it. */
export const GEAR_STAT_TABLE: Readonly<Record<GearRarity, { base: number; perLevel: number }>> = {
  common: { base: 100, perLevel: 20 },
  rare: { base: 200, perLevel: 40 },
  epic: { base: 400, perLevel: 80 },
  legendary: { base: 700, perLevel: 140 },
  mythical: { base: 1200, perLevel: 240 },
};

/** Experience a gear gives as upgrade material, per level of the material. */
export const GEAR_MATERIAL_EXP: Readonly<Record<GearRarity, number>> = { common: 20, rare: 60, epic: 180, legendary: 540, mythical: 1620 };

export type ProductionStatKey = `${ResourceKey}Production`;
export type AttackBoostStatKey = `${CommanderGearType}AttackBoost`;
export type GearStatKey = ProductionStatKey | AttackBoostStatKey;

/** A resource's production stat, in gear stats and the city's gear bonuses. */
export function productionStatKey(resource: ResourceKey): ProductionStatKey {
  return `${resource}Production`;
}

/** The stat names of a gear, all percents (spec, section 3): each resource's production, then each troop's attack. */
export const GEAR_STAT_KEYS: readonly GearStatKey[] = [
  ...RESOURCE_KEYS.map(productionStatKey),
  ...COMMANDER_GEAR_TYPES.map((type): AttackBoostStatKey => `${type}AttackBoost`),
];
export type GearStats = Record<GearStatKey, number>;

/** The one stat a gear type raises. */
export function gearStatKey(type: GearType): GearStatKey {
  return isMayorGear(type) ? productionStatKey(type) : `${type}AttackBoost`;
}

/** Production bonuses keyed by their stat names, as the city's response shows them. */
export function productionStats(bonuses: Readonly<Record<ResourceKey, number>>): Record<ProductionStatKey, number> {
  const stats = {} as Record<ProductionStatKey, number>;
  for (const resource of RESOURCE_KEYS) stats[productionStatKey(resource)] = bonuses[resource] ?? 0;
  return stats;
}

/** The gear's boost in hundredths of a percent, as cities store commander boosts. */
export function gearStatHundredths(rarity: GearRarity, level: number): number {
  const { base, perLevel } = GEAR_STAT_TABLE[rarity];
  return base + perLevel * (level - 1);
}

/** The gear's boost in percent (two decimals at most). */
export function gearStatPercent(rarity: GearRarity, level: number): number {
  return gearStatHundredths(rarity, level) / 100;
}

export function gearStats(type: GearType, rarity: GearRarity, level: number): GearStats {
  const raised = gearStatKey(type);
  return recordOf(GEAR_STAT_KEYS, (key) => (key === raised ? gearStatPercent(rarity, level) : 0));
}

/** Experience needed to go from `level` to the next; 0 at the maximum. */
export function requiredExp(level: number): number {
  return level >= GEAR_MAX_LEVEL ? 0 : 100 * level;
}

/**
 * What a new gear is worth as material: its rarity's value per level it starts at. A gear keeps its
 * material value stored; the blacksmith adds to it only the experience fed into it (absorbedExp), so
 * feeding gear never yields more experience than was invested (issue 18).
 */
export function gearBaseExp(rarity: GearRarity, level: number): number {
  return GEAR_MATERIAL_EXP[rarity] * level;
}

/** All the experience a gear holds above level 1: every level's requirement below it plus its progress. */
export function heldExp(level: number, currentExp: number): number {
  return 50 * level * (level - 1) + currentExp;
}

/** The part of `gained` a gear keeps when fed it: what is lost past the maximum level is not invested in it. */
export function absorbedExp(level: number, currentExp: number, gained: number): number {
  const after = addExp(level, currentExp, gained);
  return heldExp(after.level, after.currentExp) - heldExp(level, currentExp);
}

/** Adds experience, levelling up while it covers the next level; nothing is kept past the maximum. */
export function addExp(level: number, currentExp: number, gained: number): { level: number; currentExp: number } {
  let exp = currentExp + gained;
  let next = level;
  while (next < GEAR_MAX_LEVEL && exp >= requiredExp(next)) {
    exp -= requiredExp(next);
    next += 1;
  }
  return { level: next, currentExp: next >= GEAR_MAX_LEVEL ? 0 : exp };
}

const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

/** How a gear is named on screen, e.g. "Rare Wheat Gear Lv.2". */
export function gearName(type: GearType, rarity: GearRarity, level: number): string {
  return `${capitalize(rarity)} ${capitalize(type)} Gear Lv.${level}`;
}
