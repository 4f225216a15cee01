import {
  contributionOf,
  contributionWeight,
  DAILY_CONVERSION_CAP_RUNIK,
  EmissionPolicy,
  emissionBudget,
  emissionLeft,
  emissionShare,
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
 * One game day's emission budget, as the server keeps it (libs/rules/src/economy/emission.ts): sized
 * at the day's start from the treasury, split in shares by yesterday's harvests of paid players.
 */
export class EmissionDay {
  readonly size: number;
  readonly totalWeight: number;
  readonly use: EmissionUse = { conversion: 0, citadel: 0, release: 0, quest: 0 };
  private used = 0;
  /** Per paid player: its share and what it drew of it. */
  private readonly shares = new Map<number, { size: number; used: number }>();

  /**
   * `harvested`: each paid player's harvest of the previous game day (null: it did not harvest,
   * so it is left out of the total weight but still gets a newcomer's share).
   */
  constructor(
    position: TreasuryPosition,
    policy: EmissionPolicy,
    harvested: Map<number, ResourceAmounts | null>,
    private readonly cap = DAILY_CONVERSION_CAP_RUNIK,
  ) {
    this.size = emissionBudget(position, policy);
    const weights = new Map(
      [...harvested].map(([id, amounts]) => [
        id,
        { weight: contributionWeight(amounts ? contributionOf(amounts) : 0), counted: amounts !== null },
      ]),
    );
    this.totalWeight = [...weights.values()].reduce((total, { weight, counted }) => total + (counted ? weight : 0), 0);
    for (const [id, { weight }] of weights)
      this.shares.set(id, { size: emissionShare(this.size, weight, this.totalWeight, this.cap), used: 0 });
  }

  /** A paid player's share of the day (a player activated today has none yet: only its release). */
  shareOf(id: number): number {
    return this.shares.get(id)?.size ?? 0;
  }

  /** What a paid player may still mint into a withdrawable balance today. */
  leftFor(id: number): number {
    const share = this.shares.get(id);
    return share ? emissionLeft(share, { size: this.size, used: this.used }).left : 0;
  }

  /** What is left of the whole budget (an activation's release draws on it alone). */
  budgetLeft(): number {
    return Math.max(0, this.size - this.used);
  }

  draw(id: number, amount: number, kind: keyof EmissionUse): void {
    if (amount === 0) return;
    const share = this.shares.get(id);
    if (kind !== 'release' && (!share || amount > this.leftFor(id))) throw new Error(`Player ${id} drew ${amount} beyond its share`);
    if (amount > this.budgetLeft()) throw new Error(`Drew ${amount} beyond the day's budget`);
    if (share) share.used += amount;
    this.used += amount;
    this.use[kind] += amount;
  }

  /** What the day's budget paid in all. */
  get spent(): number {
    return this.used;
  }
}
