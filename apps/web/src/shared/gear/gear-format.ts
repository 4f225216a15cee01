import type { Gear } from '@runik/contract';
import {
  COMMANDER_GEAR_TYPES,
  GEAR_RARITIES,
  gearCategory,
  gearName,
  gearStatKey,
  MAYOR_GEAR_TYPES,
  type GearCategory,
  type GearRarity,
  type GearType,
} from '@runik/rules';
import { formatPower } from '../format';

const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

/** Gears to choose from, the best first: rarest, then highest level, then oldest (issue 35: Common came before Rare). */
export function bestFirst(gears: readonly Gear[]): Gear[] {
  return [...gears].sort(
    (a, b) => GEAR_RARITIES.indexOf(b.rarity) - GEAR_RARITIES.indexOf(a.rarity) || b.level - a.level || a.gearId - b.gearId,
  );
}

/** The two rows of the Gears page (spec section 2): commander slots, then mayor slots. */
export const SLOT_GROUPS = [
  { category: 'commander', title: 'Commander Gear', slots: COMMANDER_GEAR_TYPES },
  { category: 'mayor', title: 'Mayor Gear', slots: MAYOR_GEAR_TYPES },
] as const;

/** "Infantry", "Wheat": a slot is named by the gear type it takes. */
export function slotLabel(type: GearType): string {
  return capitalize(type);
}

export function rarityLabel(rarity: GearRarity): string {
  return capitalize(rarity);
}

export function categoryLabel(category: GearCategory): string {
  return capitalize(category);
}

/** What the gear raises: "Wheat Production" for mayor gear, "Infantry Attack" for commander gear. */
export function statLabel(type: GearType): string {
  return gearCategory(type) === 'mayor' ? `${slotLabel(type)} Production` : `${slotLabel(type)} Attack`;
}

/** The gear's one stat as the cards show it, e.g. "+2.4% Wheat Production". */
export function formatGearStat(gear: Gear): string {
  return `+${formatPower(gear.stats[gearStatKey(gear.type)])}% ${statLabel(gear.type)}`;
}

/** "Rare Wheat Gear Lv.2", with the same helper as the server. */
export function displayName(gear: Gear): string {
  return gearName(gear.type, gear.rarity, gear.level);
}
