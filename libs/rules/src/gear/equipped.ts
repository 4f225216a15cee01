import { noResources, ResourceKey } from '../city/balance-sheet';
import { CommanderBonuses, NO_COMMANDER_BONUSES } from '../combat/army';
import { GearRarity, gearStatPercent, GearType, isMayorGear } from './gear';

/** Gear in a city's slots (one per type at most). */
export interface EquippedGear {
  type: GearType;
  rarity: GearRarity;
  level: number;
}

/** Percent production bonus per resource from equipped mayor gear. */
export function mayorGearBonuses(equipped: readonly EquippedGear[]): Record<ResourceKey, number> {
  const bonuses = noResources();
  for (const gear of equipped) if (isMayorGear(gear.type)) bonuses[gear.type] += gearStatPercent(gear.rarity, gear.level);
  return bonuses;
}

/** Commander gear slots are named in the singular; troops in the plural. */
const COMMANDER_SLOT_UNITS: Readonly<Partial<Record<GearType, keyof CommanderBonuses>>> = {
  infantry: 'infantry',
  archer: 'archers',
  cavalry: 'cavalries',
};

/** Percent attack boost per troop type from equipped commander gear. */
export function commanderGearBonuses(equipped: readonly EquippedGear[]): CommanderBonuses {
  const bonuses = { ...NO_COMMANDER_BONUSES };
  for (const gear of equipped) {
    const unit = COMMANDER_SLOT_UNITS[gear.type];
    if (unit) bonuses[unit] += gearStatPercent(gear.rarity, gear.level);
  }
  return bonuses;
}
