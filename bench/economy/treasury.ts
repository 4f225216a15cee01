import { coverageAllows, COVERAGE_FLOOR_DECIMALS, capRemaining, RNK_PER_SWAP_HIVE } from '@runik/rules';

/**
 * The operator's side of the game account. SWAP.HIVE (registrations, late activations, packs, the
 * shop) backs nothing until the operator buys RNK with it and tops the treasury up.
 */
export interface OperatorPolicy {
  /** RNK the operator puts in the game account before the first player, per player expected (thousandths). */
  launchReservePerPlayer: number;
  /** Every this many game days the SWAP.HIVE held buys RNK for the treasury; null: never. */
  topUpEveryDays: number | null;
}

/**
 * Whole RNK per player expected: 100,000 RNK for the default run's 1,000 (10,000 SWAP.HIVE at the
 * reference rate, 2,500 USD at SWAP_HIVE_PER_USD; docs/decisions.md, "The emission budget").
 * Per player, so that a smaller run plays the same economy.
 */
export const LAUNCH_RESERVE_RNK_PER_PLAYER = 100;
export const OPERATORS: Record<'daily' | 'never', OperatorPolicy> = {
  daily: { launchReservePerPlayer: LAUNCH_RESERVE_RNK_PER_PLAYER * 1000, topUpEveryDays: 1 },
  never: { launchReservePerPlayer: LAUNCH_RESERVE_RNK_PER_PLAYER * 1000, topUpEveryDays: null },
};

/** The withdrawal guard rails (the server's env; production defaults), RUNIK in thousandths. */
export interface GuardRails {
  perAccountDaily: number;
  gameDaily: number;
  /** Coverage floor in ten-thousandths (1.0 is 10,000), as the rules keep it. */
  coverageFloor: number;
}

export const GUARD_RAILS: GuardRails = { perAccountDaily: 1_000_000, gameDaily: 50_000_000, coverageFloor: 10 ** COVERAGE_FLOOR_DECIMALS };

interface Waiting {
  account: number;
  amount: number;
}

/** The game account's RNK and SWAP.HIVE, and the line of withdrawals waiting for RNK. */
export class Treasury {
  rnk: number;
  swapHive = 0;
  private readonly line: Waiting[] = [];
  private day = { paidOut: 0, deposited: 0, toppedUp: 0, swapHiveIn: 0 };
  totals = { paidOut: 0, deposited: 0, toppedUp: 0, swapHiveIn: 0 };

  constructor(
    private readonly operator: OperatorPolicy,
    private readonly rails: GuardRails,
    /** What one RNK costs in SWAP.HIVE against the reference rate (2: RNK trades at twice the reference). */
    private readonly rnkPremium: number,
    readonly launchReserve: number,
  ) {
    this.rnk = launchReserve;
  }

  /** A game day begins: a fresh game cap and day's figures. */
  startDay(): void {
    this.day = { paidOut: 0, deposited: 0, toppedUp: 0, swapHiveIn: 0 };
  }

  /** The operator buys RNK with the SWAP.HIVE held, on its schedule (day 0-based). */
  topUp(day: number): void {
    const every = this.operator.topUpEveryDays;
    if (every === null || day % every !== 0) return;
    // Bought on the market: above the reference rate a SWAP.HIVE buys fewer RNK.
    const bought = Math.floor((this.swapHive * RNK_PER_SWAP_HIVE) / this.rnkPremium);
    this.rnk += bought;
    this.swapHive = 0;
    this.day.toppedUp += bought;
    this.totals.toppedUp += bought;
  }

  receiveSwapHive(amount: number): void {
    this.swapHive += amount;
    this.day.swapHiveIn += amount;
    this.totals.swapHiveIn += amount;
  }

  /** RNK a player sent in (credited as withdrawable RUNIK). */
  deposit(amount: number): void {
    this.rnk += amount;
    this.day.deposited += amount;
    this.totals.deposited += amount;
  }

  /** What the player may still ask for today under the per-account cap. */
  accountLeft(askedToday: number): number {
    return capRemaining(this.rails.perAccountDaily, askedToday);
  }

  /** A withdrawal (already debited) joins the end of the line; `release` then moves the line. */
  ask(account: number, amount: number): void {
    this.line.push({ account, amount });
  }

  /**
   * Lets the line go oldest first while the day's game cap and the coverage floor allow, stopping
   * at the first that does not fit (the order is the promise). `owed` counts the line itself.
   */
  release(owed: number): void {
    let stillOwed = owed;
    while (this.line.length > 0) {
      const { amount } = this.line[0];
      if (amount > capRemaining(this.rails.gameDaily, this.day.paidOut)) return;
      if (!coverageAllows({ treasuryRnk: this.rnk, committed: 0, owed: stillOwed }, amount, this.rails.coverageFloor)) return;
      this.line.shift();
      this.rnk -= amount;
      stillOwed -= amount;
      this.day.paidOut += amount;
      this.totals.paidOut += amount;
    }
  }

  /** RUNIK debited and waiting for RNK: still owed. */
  get waiting(): number {
    return this.line.reduce((total, { amount }) => total + amount, 0);
  }

  get waitingCount(): number {
    return this.line.length;
  }

  /** The day's movements so far. */
  get today(): Readonly<typeof this.day> {
    return this.day;
  }
}
