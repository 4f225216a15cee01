import { emissionAllowance, EmissionDayState, EmissionDrawer, EmissionSlice, youngSince } from '@runik/rules';
import { DAY_MS, START_MS } from './time';

/** Whether an account paid on game day `paidSince` (0-based; null: free) is young on game day `day`, by the server's `youngSince`. */
export function isYoung(paidSince: number | null, day: number): boolean {
  return paidSince !== null && START_MS + paidSince * DAY_MS >= youngSince(START_MS + day * DAY_MS).getTime();
}

/** What the day's budget was drawn for (thousandths). */
export interface EmissionUse {
  conversion: number;
  citadel: number;
  release: number;
  /** The quest chain's RUNIK rewards (docs/quests.md). */
  quest: number;
}

/**
 * A game day's row of the server's `emission_days` and `emission_draws` (libs/server/src/emission/
 * emission-budget.ts): the budget as sized (`emissionBudget` or `provisionalBudget`, by the world),
 * the producers' weights by the day's start, and what each drawer took. Every draw takes what
 * `emissionAllowance` (libs/rules) leaves, as the server's `allocate` does; nothing here decides a bound.
 */
export class EmissionDraws {
  readonly state: EmissionDayState;
  readonly use: EmissionUse = { conversion: 0, citadel: 0, release: 0, quest: 0 };
  private readonly drawnBy = new Map<number, number>();

  /**
   * `weights`: the producers' weights (paid by the day's start, harvested yesterday); anyone else paid is
   * a newcomer. `young`: whether a paid account is young today (`youngSince`), its share capped at `youngShare`.
   */
  constructor(
    readonly budget: number,
    private readonly weights: Map<number, number>,
    private readonly young: (id: number) => boolean,
    private readonly youngShare: number,
  ) {
    this.state = {
      budget,
      totalWeight: [...weights.values()].reduce((total, weight) => total + weight, 0),
      used: { producers: 0, newcomers: 0, releases: 0 },
    };
  }

  private drawer(id: number | 'release'): EmissionDrawer {
    return id === 'release' ? 'release' : { weight: this.weights.get(id) ?? null, drawn: this.drawnBy.get(id) ?? 0, young: this.young(id) };
  }

  /** What a paid player (or an activation's release) may still draw today. */
  leftFor(id: number | 'release'): number {
    return emissionAllowance(this.state, this.drawer(id), this.youngShare).left;
  }

  /** Draws up to `amount` (what the allowance leaves); returns what was drawn. */
  draw(id: number | 'release', amount: number, kind: keyof EmissionUse): number {
    if (amount <= 0) return 0;
    const { slice, left } = emissionAllowance(this.state, this.drawer(id), this.youngShare);
    const got = Math.min(amount, left);
    this.state.used[slice as EmissionSlice] += got;
    if (id !== 'release') this.drawnBy.set(id, (this.drawnBy.get(id) ?? 0) + got);
    this.use[kind] += got;
    return got;
  }

  get totalWeight(): number {
    return this.state.totalWeight;
  }

  /** What the day's budget gave in all. */
  get spent(): number {
    return this.state.used.producers + this.state.used.newcomers + this.state.used.releases;
  }
}
