import { sql } from 'kysely';
import type { EntityManager } from 'typeorm';
import { db, rows } from '../core/database/sql';
import { REFUNDS_PER_SENDER_PER_DAY } from '@runik/rules';

/**
 * Unmatched transfers not yet sent back, each with `due`: whether its sender's day has room for it
 * (`perDay`, REFUNDS_PER_SENDER_PER_DAY, counted from when each refund was first signed since `dayStart`).
 */
export function unsentRefunds(dayStart: Date, perDay: number) {
  return db
    .selectFrom('chain_transfers as t')
    .selectAll('t')
    .select(
      sql<boolean>`row_number() OVER (PARTITION BY t.sender ORDER BY t.block_number, t.transaction_id, t.log_index)
                + (SELECT count(*) FROM chain_transfers r WHERE r.sender = t.sender AND r.refund_started_at > ${dayStart}) <= ${perDay}`.as(
        'due',
      ),
    )
    .where('t.status', '=', 'unmatched')
    .where('t.refund_transaction_id', 'is', null);
}

/** What the game account still has to send: withdrawals, refunds due (or signed, not yet in a block), refunds held to their sender's daily count. */
export interface PayoutBacklog {
  withdrawal: { count: number; oldestSeconds: number | null };
  refund: { count: number; oldestSeconds: number | null };
  refundHeld: { count: number };
}

/** Read for the metrics; `dayMs` is REFUND_COUNT_WINDOW_MS. Withdrawals held in line by the guard rails (`queued`) wait by design and are not counted. */
export async function readPayoutBacklog(manager: EntityManager, now: Date, dayMs: number): Promise<PayoutBacklog> {
  const [row] = await rows(
    manager,
    sql<{
      withdrawals: number;
      withdrawal_age: number | null;
      refunds: number;
      refund_age: number | null;
      held: number;
    }>`WITH unsent AS ${unsentRefunds(new Date(now.getTime() - dayMs), REFUNDS_PER_SENDER_PER_DAY)},
          sending AS (SELECT created_at FROM withdrawals WHERE status IN ('pending', 'sent')),
          refunding AS (SELECT recorded_at FROM unsent WHERE due
                        UNION ALL SELECT recorded_at FROM chain_transfers WHERE status = 'unmatched' AND refund_transaction_id IS NOT NULL)
     SELECT (SELECT count(*) FROM sending) AS withdrawals,
            (SELECT extract(epoch FROM ${now} - min(created_at))::float8 FROM sending) AS withdrawal_age,
            (SELECT count(*) FROM refunding) AS refunds,
            (SELECT extract(epoch FROM ${now} - min(recorded_at))::float8 FROM refunding) AS refund_age,
            (SELECT count(*) FROM unsent WHERE NOT due) AS held`.compile(db),
  );
  const seconds = (value: number | null) => (value === null ? null : Math.max(0, value));
  return {
    withdrawal: { count: row.withdrawals, oldestSeconds: seconds(row.withdrawal_age) },
    refund: { count: row.refunds, oldestSeconds: seconds(row.refund_age) },
    refundHeld: { count: row.held },
  };
}
