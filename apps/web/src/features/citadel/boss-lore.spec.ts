import { describe, expect, it } from 'vitest';
import { BOSSES, bossOfFloor } from './boss-lore';

describe('the named bosses', () => {
  it('are twelve, one per boss image, each with its own name and a line of lore', () => {
    expect(BOSSES.map((boss) => boss.image)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(BOSSES.map((boss) => boss.name)).size).toBe(12);
    for (const boss of BOSSES) expect(boss.lore.length).toBeGreaterThan(20);
  });

  it.each([
    [1, 1],
    [2, 2],
    [12, 12],
    [13, 1],
    [14, 2],
    [24, 12],
    [25, 1],
    [145, 1],
  ])('floor %i meets boss %i', (floor, image) => {
    expect(bossOfFloor(floor)).toBe(BOSSES[image - 1]);
  });
});
