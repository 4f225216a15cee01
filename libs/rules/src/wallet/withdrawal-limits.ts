/** What is left today of a daily cap (thousandths): never below zero, though a cap lowered mid-day is already passed. */
export function capRemaining(cap: number, usedToday: number): number {
  return Math.max(0, cap - usedToday);
}

/** A coverage floor is a ratio with up to 4 decimals, kept as ten-thousandths (0.8 is 8000) so the check stays in integers. */
export const COVERAGE_FLOOR_DECIMALS = 4;
const COVERAGE_FLOOR_SCALE = 10n ** BigInt(COVERAGE_FLOOR_DECIMALS);

/** The figures a withdrawal is weighed against, all in thousandths. */
export interface CoverageFigures {
  /** RNK the game account holds on Hive Engine. */
  treasuryRnk: number;
  /** Withdrawals already let through and not yet confirmed on chain: that RNK is spoken for. */
  committed: number;
  /** RUNIK the paid players hold, plus the queued withdrawals (debited, still owed to them). */
  owed: number;
}

/**
 * Whether a withdrawal may leave now: the RNK left after it, and after the withdrawals already on
 * their way, must still cover `floor` times what paid players are owed after it. Below the floor
 * nothing leaves: the withdrawal waits in line until the game account is topped up.
 */
export function coverageAllows({ treasuryRnk, committed, owed }: CoverageFigures, amount: number, floor: number): boolean {
  const rnkAfter = BigInt(treasuryRnk - committed - amount);
  const owedAfter = BigInt(Math.max(0, owed - amount));
  return rnkAfter >= 0n && rnkAfter * COVERAGE_FLOOR_SCALE >= BigInt(floor) * owedAfter;
}

/** While a withdrawal of the player waits in line, the client reloads its place this often. */
export const WITHDRAW_QUEUE_REFRESH_MS = 15_000;
