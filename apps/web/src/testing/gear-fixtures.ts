import type { Gear } from '@runik/contract';
import { gearBaseExp, gearCategory, gearStats, requiredExp, type GearRarity, type GearType } from '@runik/rules';

/** A gear as the server describes it: `type`, `rarity` and `level` decide its stat and worth. */
export function gear(gearId: number, type: GearType = 'wheat', rarity: GearRarity = 'common', overrides: Partial<Gear> = {}): Gear {
  const level = overrides.level ?? 1;
  return {
    gearId,
    type,
    category: gearCategory(type),
    rarity,
    level,
    currentExp: 0,
    requiredExp: requiredExp(level),
    expProgress: 0,
    expValue: gearBaseExp(rarity, level),
    isEquipped: false,
    isListed: false,
    stats: gearStats(type, rarity, level),
    ...overrides,
  };
}
