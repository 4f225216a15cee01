/**
 * What the game owes in RUNIK (docs/decisions.md, "What the game owes"), as one pure function of the
 * players' holdings and the open withdrawals: the server's `readLiabilities` computes the same figure
 * in SQL (a server test holds them together), and the economy simulation calls this one.
 * All amounts are thousandths.
 */

/** A player's RUNIK as the ledger holds it. */
export interface RunikHolding {
  paid: boolean;
  /** The player's RUNIK balance. */
  runik: number;
  /** Of it, RUNIK for the game only (`players.locked_runik`; it may exceed the balance once spent). */
  locked: number;
}

export type OpenWithdrawalStatus = 'queued' | 'pending' | 'sent';

export interface OpenWithdrawal {
  status: OpenWithdrawalStatus;
  amount: number;
}

export interface Liabilities {
  /** RUNIK paid players may withdraw: their balances less their locked RUNIK. */
  withdrawable: number;
  /** RUNIK paid players hold for use in the game only (bought with SWAP.HIVE, or kept back at their activation). */
  locked: number;
  /** All the RUNIK free players hold (none of it may be withdrawn). */
  free: number;
  /** Of it, the game-only RUNIK free players minted (only an activation's release, drawn from the budget, frees any). */
  freeGameOnly: number;
  /**
   * What activations could make withdrawable without drawing from the budget: each free player's
   * RUNIK that is not game-only (brought by RNK deposits, or paid to them by other players).
   */
  contingent: number;
  /** Withdrawals debited and waiting in line: still owed. */
  queued: number;
  /** Withdrawals let go and not yet confirmed on chain: that RNK is spoken for. */
  committed: number;
}

export function liabilitiesOf(holdings: Iterable<RunikHolding>, withdrawals: Iterable<OpenWithdrawal>): Liabilities {
  const owed: Liabilities = { withdrawable: 0, locked: 0, free: 0, freeGameOnly: 0, contingent: 0, queued: 0, committed: 0 };
  for (const { paid, runik, locked } of holdings) {
    const gameOnly = Math.min(locked, runik);
    if (paid) {
      owed.withdrawable += runik - gameOnly;
      owed.locked += gameOnly;
    } else {
      owed.free += runik;
      owed.freeGameOnly += gameOnly;
      owed.contingent += runik - gameOnly;
    }
  }
  for (const { status, amount } of withdrawals) {
    if (status === 'queued') owed.queued += amount;
    else owed.committed += amount;
  }
  return owed;
}

/** Everything the game could be asked to pay in RNK in one step. */
export function owedOf(liabilities: Liabilities): number {
  return liabilities.withdrawable + liabilities.contingent + liabilities.queued + liabilities.committed;
}
