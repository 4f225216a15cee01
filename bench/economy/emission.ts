import {
  contributionOf,
  contributionWeight,
  emissionAllowance,
  emissionBudget,
  emissionBudgetLeft,
  EmissionDayState,
  EmissionPolicy,
  ResourceAmounts,
  TreasuryPosition,
} from '@runik/rules';

/** What the day's budget was drawn for (thousandths). */
export interface EmissionUse {
  conversion: number;
  citadel: number;
  release: number;
  /** The quest chain's RUNIK rewards (docs/quests.md). */
  quest: number;
}

/**
 * One game day's emission budget, as the server keeps it (libs/server/src/emission/emission-budget.ts):
 * sized at the day's start from the treasury, each draw bounded by `emissionAllowance` (libs/rules):
 * producers by yesterday's harvests, newcomers, activation releases.
 */
export class EmissionDay {
  readonly size: number;
  readonly totalWeight: number;
  readonly use: EmissionUse = { conversion: 0, citadel: 0, release: 0, quest: 0 };
  private readonly state: EmissionDayState;
  /** Per paid player by the day's start: its weight (null: it harvested nothing yesterday, a newcomer). */
  private readonly weights = new Map<number, number | null>();
  /** Per paid player: what it drew today. */
  private readonly drawn = new Map<number, number>();

  /** `harvested`: each paid player's harvest of the previous game day (null: it did not harvest). */
  constructor(position: TreasuryPosition, policy: EmissionPolicy, harvested: Map<number, ResourceAmounts | null>) {
    this.size = emissionBudget(position, policy);
    for (const [id, amounts] of harvested) this.weights.set(id, amounts ? contributionWeight(contributionOf(amounts)) : null);
    this.totalWeight = [...this.weights.values()].reduce<number>((total, weight) => total + (weight ?? 0), 0);
    this.state = { budget: this.size, totalWeight: this.totalWeight, used: { producers: 0, newcomers: 0, releases: 0 } };
  }

  private allowance(id: number | 'release') {
    return emissionAllowance(
      this.state,
      id === 'release' ? 'release' : { weight: this.weights.get(id) ?? null, drawn: this.drawn.get(id) ?? 0 },
    );
  }

  /** A paid player's share of the day (a player paid after the day's start counts as a newcomer). */
  shareOf(id: number): number {
    return this.allowance(id).share ?? 0;
  }

  /** What a paid player may still mint into a withdrawable balance today. */
  leftFor(id: number): number {
    return this.allowance(id).left;
  }

  /** What is left of the releases' slice (an activation's release draws on it alone). */
  releaseLeft(): number {
    return this.allowance('release').left;
  }

  /** What is left of the whole budget. */
  budgetLeft(): number {
    return emissionBudgetLeft(this.state);
  }

  draw(id: number, amount: number, kind: keyof EmissionUse): void {
    if (amount === 0) return;
    const { slice, left } = this.allowance(kind === 'release' ? 'release' : id);
    if (amount > left) throw new Error(`Player ${id} drew ${amount} beyond what the ${slice} slice leaves it (${left})`);
    this.state.used[slice] += amount;
    if (kind !== 'release') this.drawn.set(id, (this.drawn.get(id) ?? 0) + amount);
    this.use[kind] += amount;
  }

  /** What the day's budget paid in all. */
  get spent(): number {
    return this.size - this.budgetLeft();
  }
}
