import { vi } from 'vitest';
import type { EquippedGears, Gear } from '@runik/contract';
import { GEAR_TYPES, gearCategory, gearStats, materialExp, requiredExp, type GearRarity, type GearType } from '@runik/rules';

// Test data for the Gears and Blacksmith specs.

export { PLAYER } from '../../testing/city-fixtures';

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
    expValue: materialExp(rarity, level, 0),
    isEquipped: false,
    isListed: false,
    stats: gearStats(type, rarity, level),
    ...overrides,
  };
}

/** Every slot empty, except those given. */
export function equippedGears(filled: Partial<EquippedGears> = {}): EquippedGears {
  return { ...(Object.fromEntries(GEAR_TYPES.map((type) => [type, null])) as EquippedGears), ...filled };
}

export const NOW = new Date('2026-05-01T12:00:00.000Z');

/**
 * Freezes Date only (timers stay real, so findBy and debounces work): the equipped gears'
 * cache-busting `_t` is then NOW.
 */
export function freezeDate(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}
