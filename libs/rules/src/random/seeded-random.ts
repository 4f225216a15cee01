import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** Largest seed the game records: any unsigned 32-bit integer. */
export const MAX_SEED = 0xffffffff;

export interface SeededRandom {
  /** An integer in [from, to], both included. */
  int(from: number, to: number): number;
  /** A fraction in [0, 1) with a millionth's resolution. */
  fraction(): number;
}

/**
 * A reproducible random stream: the same seed always gives the same draws, so a recorded
 * seed lets anyone replay a battle or a pack roll and check it.
 */
export function seededRandom(seed: number): SeededRandom {
  const generator = xoroshiro128plus(seed | 0);
  const int = (from: number, to: number) => uniformInt(generator, from, to);
  return { int, fraction: () => int(0, 999_999) / 1_000_000 };
}
