import { HttpStatus } from '@nestjs/common';
import { RESOURCE_KEYS } from '@runik/rules';
import type { LedgerReason } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';

/** Assets the ledger holds, each in thousandths: RUNIK and every resource. */
export const ASSETS = ['runik', ...RESOURCE_KEYS] as const;
export type Asset = (typeof ASSETS)[number];

/** System accounts created by the first migration. */
export type SystemAccount =
  'system:mint' | 'system:burn' | 'system:tax' | 'system:fees' | 'system:treasury' | 'system:rewards' | 'external:hive-engine';

/** A ledger account: a player's, or a system account by code. */
export type AccountRef = { playerId: number } | { system: SystemAccount };

export interface Leg {
  account: AccountRef;
  asset: Asset;
  /** Thousandths; negative debits, positive credits. */
  delta: number;
}

export interface Posting {
  legs: Leg[];
  /** Why: one of the closed list (`LEDGER_REASONS`, @runik/contract), each with its kind. */
  reason: LedgerReason;
  /** What it belongs to, e.g. a chain transaction id. */
  reference?: string;
  /**
   * The players' RUNIK it takes is withdrawable RUNIK (a withdrawal, a gear bought from another
   * player): their locked RUNIK is left as it is. Any other spending uses locked RUNIK first.
   */
  spendsWithdrawable?: boolean;
  /**
   * Its credits to players are written at COMMIT too, with the system legs: for a transaction that posts many
   * credits and reads none of their balances afterwards (the chain follower's pass), one statement for them all.
   */
  deferCredits?: boolean;
}

/** The ledger's last line of defence, a debit that a feature's own check did not foresee: answered 400. */
export class InsufficientFundsError extends ApiError {
  constructor(
    readonly asset: Asset,
    readonly account: AccountRef,
  ) {
    super(HttpStatus.BAD_REQUEST, `Not enough ${asset}.`);
    this.message = `Insufficient ${asset}`;
  }
}
