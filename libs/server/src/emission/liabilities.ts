import { EntityManager } from 'typeorm';
import { ACTIVATION_RELEASE_RUNIK } from '@runik/rules';

/** What the game owes in RUNIK, in thousandths, read in one statement (docs/decisions.md, "What the game owes"). */
export interface Liabilities {
  /** RUNIK paid players may withdraw: their balances less their locked RUNIK. */
  withdrawable: number;
  /** RUNIK paid players hold for use in the game only (bought with SWAP.HIVE, or kept back at their activation). */
  locked: number;
  /** All the RUNIK free players hold (none of it may be withdrawn). */
  free: number;
  /**
   * What activations could make withdrawable in one step: each free player's unlocked RUNIK, as far as
   * their RNK deposits back it and up to ACTIVATION_RELEASE_RUNIK beyond them.
   */
  contingent: number;
  /** Withdrawals debited and waiting in line: still owed. */
  queued: number;
  /** Withdrawals let go and not yet confirmed on chain: that RNK is spoken for. */
  committed: number;
}

/** Everything the game could be asked to pay in RNK in one step. */
export function owedOf(liabilities: Liabilities): number {
  return liabilities.withdrawable + liabilities.contingent + liabilities.queued + liabilities.committed;
}

export async function readLiabilities(manager: EntityManager): Promise<Liabilities> {
  const [row]: Record<keyof Liabilities, string>[] = await manager.query(
    `WITH held AS (
       SELECT p.activation = 'paid' AS paid, b.amount, LEAST(p.locked_runik, b.amount) AS locked,
              CASE WHEN p.activation = 'paid' THEN 0
                   ELSE (SELECT coalesce(sum(d.amount_thousandths), 0) FROM deposits d WHERE d.player_id = p.id AND d.status = 'completed') END AS deposited
         FROM balances b JOIN ledger_accounts a ON a.id = b.account_id JOIN players p ON p.id = a.player_id
        WHERE b.asset = 'runik'),
     open AS (SELECT status, amount_thousandths FROM withdrawals WHERE status IN ('queued', 'pending', 'sent'))
     SELECT (SELECT coalesce(sum(amount - locked) FILTER (WHERE paid), 0) FROM held)::text AS withdrawable,
            (SELECT coalesce(sum(locked) FILTER (WHERE paid), 0) FROM held)::text AS locked,
            (SELECT coalesce(sum(amount) FILTER (WHERE NOT paid), 0) FROM held)::text AS free,
            (SELECT coalesce(sum(LEAST(amount - locked, deposited + $1)) FILTER (WHERE NOT paid), 0) FROM held)::text AS contingent,
            (SELECT coalesce(sum(amount_thousandths) FILTER (WHERE status = 'queued'), 0) FROM open)::text AS queued,
            (SELECT coalesce(sum(amount_thousandths) FILTER (WHERE status <> 'queued'), 0) FROM open)::text AS committed`,
    [ACTIVATION_RELEASE_RUNIK],
  );
  return {
    withdrawable: Number(row.withdrawable),
    locked: Number(row.locked),
    free: Number(row.free),
    contingent: Number(row.contingent),
    queued: Number(row.queued),
    committed: Number(row.committed),
  };
}
