import { vi } from 'vitest';
import type { EquippedGears } from '@runik/contract';
import { GEAR_TYPES, recordOf } from '@runik/rules';

// Test data for the Gears and Blacksmith specs.

export { PLAYER } from '../../testing/city-fixtures';
export { gear } from '../../testing/gear-fixtures';

/** Every slot empty, except those given. */
export function equippedGears(filled: Partial<EquippedGears> = {}): EquippedGears {
  return { ...recordOf(GEAR_TYPES, () => null), ...filled };
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
