import { seededRandom } from './seeded-random';

describe('seededRandom', () => {
  it('replays the same draws for the same seed', () => {
    const draws = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => [random.int(1, 100), random.fraction()]);
    };
    expect(draws(4_294_967_295)).toEqual(draws(4_294_967_295));
    expect(draws(1)).not.toEqual(draws(2));
  });

  it('draws integers within bounds and fractions in [0, 1)', () => {
    const random = seededRandom(7);
    for (let index = 0; index < 10_000; index++) {
      const value = random.int(3, 5);
      expect([3, 4, 5]).toContain(value);
      const fraction = random.fraction();
      expect(fraction).toBeGreaterThanOrEqual(0);
      expect(fraction).toBeLessThan(1);
    }
  });
});
