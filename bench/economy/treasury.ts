import {
  capRemaining,
  COVERAGE_FLOOR_DECIMALS,
  OpenWithdrawal,
  releasableOfLine,
  RNK_PER_SWAP_HIVE,
  WithdrawalLineFigures,
  withdrawalPlace,
} from '@runik/rules';

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

/** A withdrawal asked: who, how much, its place in the order of asking, the day (0-based) it was asked. */
export interface Withdrawal {
  account: number;
  amount: number;
  seq: number;
  askedDay: number;
}

/** A withdrawal the game account paid, and the day it left. */
export interface Payout extends Withdrawal {
  paidDay: number;
}

/**
 * The game account's RNK and SWAP.HIVE, and the line of withdrawals waiting for RNK. Whether a
 * withdrawal leaves at once or waits, and how much of the line may go, is the server's rule
 * (`withdrawalPlace`, `releasableOfLine` in libs/rules, which libs/server's guard rails apply).
 */
export class Treasury {
  rnk: number;
  swapHive = 0;
  private readonly line: Withdrawal[] = [];
  private seq = 0;
  private day = { paidOut: 0, deposited: 0, toppedUp: 0, swapHiveIn: 0 };
  totals = { paidOut: 0, deposited: 0, toppedUp: 0, swapHiveIn: 0 };
  /** Every withdrawal paid on the current day (the criteria check the caps, the order and the waits from them). */
  payoutsToday: Payout[] = [];

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
    this.payoutsToday = [];
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

  /** RNK taken out of the game account other than by a withdrawal (a test's planted breach). */
  remove(amount: number): void {
    this.rnk -= amount;
  }

  /** The game's daily cap lowered (a test's planted breach: the line then waits for weeks). */
  cutGameCap(to: number): void {
    this.rails.gameDaily = to;
  }

  /** What the player may still ask for today under the per-account cap. */
  accountLeft(askedToday: number): number {
    return capRemaining(this.rails.perAccountDaily, askedToday);
  }

  /**
   * A withdrawal (within its account's cap, about to be debited): paid now or to the end of the line.
   * `owed`: everything owed before its debit (it is counted in it).
   */
  ask(account: number, amount: number, day: number, owed: number): void {
    const withdrawal = { account, amount, seq: this.seq++, askedDay: day };
    if (withdrawalPlace(amount, this.line.length > 0, this.figures(owed)) === 'pending') this.pay(withdrawal, day);
    else this.line.push(withdrawal);
  }

  /** Lets the line go oldest first as far as the game cap and the coverage floor allow. `owed` counts the line itself. */
  release(owed: number, day: number): void {
    for (const withdrawal of this.line.splice(
      0,
      releasableOfLine(
        this.line.map(({ amount }) => amount),
        this.figures(owed),
      ),
    ))
      this.pay(withdrawal, day);
  }

  private figures(owed: number): WithdrawalLineFigures {
    return {
      gameLeft: capRemaining(this.rails.gameDaily, this.day.paidOut),
      coverage: { floor: this.rails.coverageFloor, figures: { treasuryRnk: this.rnk, committed: 0, owed } },
    };
  }

  private pay(withdrawal: Withdrawal, day: number): void {
    this.rnk -= withdrawal.amount;
    this.day.paidOut += withdrawal.amount;
    this.totals.paidOut += withdrawal.amount;
    this.payoutsToday.push({ ...withdrawal, paidDay: day });
  }

  /** The line as the server's liabilities read it (paid withdrawals leave at once: none is on its way). */
  openWithdrawals(): OpenWithdrawal[] {
    return this.line.map(({ amount }) => ({ status: 'queued', amount }));
  }

  /** RUNIK debited and waiting for RNK: still owed. */
  get waiting(): number {
    return this.line.reduce((total, { amount }) => total + amount, 0);
  }

  get waitingCount(): number {
    return this.line.length;
  }

  /** The oldest withdrawal waiting (its asked day), or null. */
  get oldestWaiting(): Withdrawal | null {
    return this.line[0] ?? null;
  }

  /** The day's movements so far. */
  get today(): Readonly<typeof this.day> {
    return this.day;
  }
}
