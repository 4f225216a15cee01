import { z } from 'zod';

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
  /** RUNIK credited to system:burn (spent on the game and gone). */
  burned: number;
  /** RUNIK credited to system:fees. */
  fees: number;
  /** RUNIK credited to system:tax. */
  tax: number;
  /** RUNIK credited to players from the chain (deposits). */
  deposits: number;
  /** RUNIK sent to the chain (withdrawals), leaving out those refunded. */
  withdrawals: number;
  /** `minted` by the ledger entries' reason, e.g. `{ 'convert-to-runik': 6.75 }`; reasons with nothing are left out. */
  mintedByReason: Record<string, number>;
  /** `burned` by reason. */
  burnedByReason: Record<string, number>;
}

/** GET /api/admin/economy (operators only): what the game owes against what it holds, and the daily flows. */
export interface EconomyResponse {
  /** RUNIK held by players who may withdraw (paid activation): what the chain may be asked for. */
  liabilityRunik: number;
  /** RUNIK held by the other (free) players, who cannot withdraw it. */
  freeRunik: number;
  /** Each system account's RUNIK balance (mint and external:hive-engine go negative). */
  systemRunik: Record<SystemAccountCode, number>;
  /** RUNIK debited for withdrawals not yet confirmed on chain (queued, pending or sent): still owed in RNK. */
  withdrawingRunik: number;
  /** RNK the game account holds on Hive Engine. */
  treasuryRnk: number;
  /** treasuryRnk / (liabilityRunik + withdrawingRunik): what is held against all that is owed; null when nothing is. */
  coverage: number | null;
  /** The last `days` UTC days, newest first, today included, days without activity at zero. */
  days: EconomyDay[];
}
