import { z } from 'zod';
import type { LedgerReason, LedgerReasonKind } from './ledger-reasons';

/** How many days of GET /api/admin/economy, newest first, unless `days` says otherwise (1 to 365). */
export const ECONOMY_DEFAULT_DAYS = 30;
export const ECONOMY_MAX_DAYS = 365;

const daysMessage = `days must be a whole number from 1 to ${ECONOMY_MAX_DAYS}.`;
export const economyQuerySchema = z.strictObject({
  days: z.coerce
    .number({ error: daysMessage })
    .int({ error: daysMessage })
    .min(1, { error: daysMessage })
    .max(ECONOMY_MAX_DAYS, { error: daysMessage })
    .default(ECONOMY_DEFAULT_DAYS),
});
export type EconomyQuery = z.infer<typeof economyQuerySchema>;

/** The ledger's system accounts, whose RUNIK the economy report lists one by one. */
export const SYSTEM_ACCOUNT_CODES = [
  'system:mint',
  'system:burn',
  'system:tax',
  'system:fees',
  'system:rewards',
  'system:treasury',
  'external:hive-engine',
] as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNT_CODES)[number];

/** One UTC day of RUNIK flows, from the ledger's entries (amounts in RUNIK, 3 decimals, never negative). */
export interface EconomyDay {
  /** 'YYYY-MM-DD', a UTC day. */
  date: string;
  /** RUNIK that left system:mint (created by the game). */
  minted: number;
  /** RUNIK credited to system:burn (spent on the game and gone), resource purchases aside. */
  burned: number;
  /** RUNIK spent buying resources (convert-to-resources): it comes back when they are converted again, so it is no sink. */
  resourcePurchases: number;
  /** RUNIK credited to system:fees. */
  fees: number;
  /** RUNIK credited to system:tax. */
  tax: number;
  /** RUNIK credited to players from the chain (deposits). */
  deposits: number;
  /** RUNIK sent to the chain (withdrawals), leaving out those refunded. */
  withdrawals: number;
  /**
   * `minted` by the ledger entries' reason (LEDGER_REASONS, each with its label), e.g. `{ 'convert-to-runik': 6.75 }`;
   * reasons with nothing are left out. Older rows whose reason carried an id (`shop-purchase:12`) count under their reason.
   */
  mintedByReason: Partial<Record<LedgerReason, number>>;
  /** `burned` by reason. */
  burnedByReason: Partial<Record<LedgerReason, number>>;
}

/** One game day's emission budget (08:00 to 08:00 Asia/Manila), in RUNIK, and the treasury it was sized from. */
export interface EmissionDayReport {
  /** 'YYYY-MM-DD', the Manila date the game day starts on. */
  day: string;
  budget: number;
  /** What was drawn from it: conversions, citadel rewards and activations of paid players. */
  used: number;
  /** Whether the worker sized it from the treasury (false: the configured minimum held all day, or so far). */
  sizedFromTreasury: boolean;
  /** RNK the game account held when the budget was sized; null when it was not. */
  treasuryRnk: number | null;
  /** All the game owed in one step at that moment (see `owedRunik`); null when it was not sized. */
  owedRunik: number | null;
  /** treasuryRnk / owedRunik at that moment; null when not sized or nothing was owed. */
  coverage: number | null;
}

/**
 * The free accounts' part of what the game owes (issue 44, item 7), RUNIK. Their mints are game-only, so they add
 * nothing to what is owed; what they are given that is not game-only (deposits, RUNIK other players paid them) is
 * backed or transferred; what activations could release of their game-only RUNIK is bounded by the day's releases slice.
 */
export interface FreeAccountsReport {
  /** Free accounts now. */
  accounts: number;
  /**
   * RUNIK credited to free accounts in the game day so far (those free now), by the kind of its ledger reason:
   * `backed-mint` (RNK deposits) and `transfer` (paid by other players) add to what is owed; `game-only-mint`
   * (conversions, quest rewards while free) adds nothing; a `budgeted-mint` would be a defect. Kinds with nothing are left out.
   */
  creditedTodayByKind: Partial<Record<LedgerReasonKind, number>>;
  /** What they added to what is owed today: the `backed-mint` and `transfer` credits. */
  addedToOwedToday: number;
  /** Game-only RUNIK free accounts hold (minted while free): owed to no one until an activation releases some of it. */
  gameOnlyRunik: number;
  /** What activations could release: each free account's game-only RUNIK up to the activation release (300), plus what waits. */
  releasableRunik: number;
  /** Of it, what activated accounts still wait for (`players.release_waiting`). */
  waitingRunik: number;
  /** The bound: today's releases slice of the emission budget. */
  releasesSliceToday: number;
  /** What the slice gave today (activations' releases). */
  releasedToday: number;
}

/** GET /api/admin/economy (operators only): what the game owes against what it holds, and the daily flows. */
export interface EconomyResponse {
  /** RUNIK paid players may withdraw: their balances less their locked RUNIK. What the chain may be asked for. */
  liabilityRunik: number;
  /** RUNIK paid players hold for use in the game only (bought with SWAP.HIVE, or kept back at activation): never withdrawn. */
  lockedRunik: number;
  /** RUNIK held by the other (free) players, who cannot withdraw it. */
  freeRunik: number;
  /**
   * The part of freeRunik activations could make withdrawable at once, without the budget: what is not game-only
   * (RNK deposits, RUNIK paid by other players).
   */
  contingentRunik: number;
  /** Each system account's RUNIK balance (mint and external:hive-engine go negative). */
  systemRunik: Record<SystemAccountCode, number>;
  /** RUNIK debited for withdrawals not yet confirmed on chain (queued, pending or sent): still owed in RNK. */
  withdrawingRunik: number;
  /** All that can be asked of the treasury in one step: liabilityRunik + withdrawingRunik + contingentRunik. */
  owedRunik: number;
  /** RNK the game account holds on Hive Engine. */
  treasuryRnk: number;
  /** treasuryRnk / owedRunik: what is held against all that is owed; null when nothing is. */
  coverage: number | null;
  /** SWAP.HIVE (3 decimals, rounded down) the game was paid (registrations, packs, shop; refunds aside), all time. */
  swapHiveReceived: number;
  /** SWAP.HIVE the game account sent out other than refunds (the operator moving it, e.g. to buy RNK for the treasury), all time. */
  swapHiveSentOut: number;
  /** SWAP.HIVE the game account holds on Hive Engine. It backs no RUNIK until the operator buys RNK with it and tops the treasury up. */
  swapHiveHeld: number;
  /** Today's emission budget (the game day now); before its row exists, the configured minimum with nothing used. */
  emissionToday: EmissionDayReport;
  /** The game days of the last `days` days that had a budget, newest first: liability and coverage over time. */
  emissionDays: EmissionDayReport[];
  /** The free accounts' part: what they added to what is owed today, what stays game-only, what activations could release against its bound. */
  freeAccounts: FreeAccountsReport;
  /** The withdrawal guard rails and what is used of them today (RUNIK; null where a rail is off). */
  guardRails: {
    accountCap: number | null;
    gameCap: number | null;
    /** Withdrawals let go to the chain in the current game day (what the game cap counts). */
    gameUsedToday: number;
    /** The coverage floor as a ratio. */
    coverageFloor: number | null;
    /** Withdrawals waiting in line, and their RUNIK. */
    queueLength: number;
    queuedRunik: number;
  };
  /** The last `days` UTC days, newest first, today included, days without activity at zero. */
  days: EconomyDay[];
}
