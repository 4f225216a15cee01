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

/** What a withdrawal is weighed against when it asks or waits, thousandths. */
export interface WithdrawalLineFigures {
  /** What the game's daily cap leaves today (Infinity when none is set). */
  gameLeft: number;
  /** The coverage check: its figures and floor (ten-thousandths); null when no floor is set or the treasury is not read. */
  coverage: { figures: CoverageFigures; floor: number } | null;
}

/**
 * Where a new withdrawal (already within its account's cap) goes: out now (`pending`), or to the end
 * of the line (`queued`): behind any withdrawal already waiting, so the line keeps its order; when the
 * game's cap has less left today than the amount; when the RNK left after it would cover less than
 * the floor times what is owed after it. The server's `placeInLine` and the economy simulation apply it.
 */
export function withdrawalPlace(amount: number, lineWaiting: boolean, { gameLeft, coverage }: WithdrawalLineFigures): 'pending' | 'queued' {
  if (lineWaiting || amount > gameLeft) return 'queued';
  return coverage === null || coverageAllows(coverage.figures, amount, coverage.floor) ? 'pending' : 'queued';
}

/**
 * How many of the line (amounts, oldest first) may go now: each while the game's cap has room for it
 * today and the RNK covers it after the ones let go before it; the first that does not fit stops the
 * line (no younger one jumps it). The server's `releaseQueued` and the economy simulation apply it.
 */
export function releasableOfLine(line: readonly number[], { gameLeft, coverage }: WithdrawalLineFigures): number {
  let left = gameLeft;
  const figures = coverage && { ...coverage.figures };
  let released = 0;
  for (const amount of line) {
    if (amount > left) break;
    if (coverage && figures) {
      if (!coverageAllows(figures, amount, coverage.floor)) break;
      figures.committed += amount;
      figures.owed -= amount;
    }
    left -= amount;
    released += 1;
  }
  return released;
}
