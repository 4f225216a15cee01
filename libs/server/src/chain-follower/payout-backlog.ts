import type { EntityManager } from 'typeorm';
import { REFUNDS_PER_SENDER_PER_DAY } from '@runik/rules';

/**
 * Unmatched transfers not yet sent back, each with `due`: whether its sender's day has room for it
 * (REFUNDS_PER_SENDER_PER_DAY, counted from when each refund was first signed). $1 is the day's
 * start, $2 the refunds a sender may be sent a day.
 */
export const UNSENT_REFUNDS_SQL = `
  SELECT t.*, row_number() OVER (PARTITION BY t.sender ORDER BY t.block_number, t.transaction_id, t.log_index)
                + (SELECT count(*) FROM chain_transfers r WHERE r.sender = t.sender AND r.refund_started_at > $1) <= $2 AS due
    FROM chain_transfers t
   WHERE t.status = 'unmatched' AND t.refund_transaction_id IS NULL`;

/** What the game account still has to send: withdrawals, refunds due (or signed, not yet in a block), refunds held to their sender's daily count. */
export interface PayoutBacklog {
  withdrawal: { count: number; oldestSeconds: number | null };
  refund: { count: number; oldestSeconds: number | null };
  refundHeld: { count: number };
}

/** Read for the metrics; `dayMs` is REFUND_COUNT_WINDOW_MS. Withdrawals held in line by the guard rails (`queued`) wait by design and are not counted. */
export async function readPayoutBacklog(db: Pick<EntityManager, 'query'>, now: Date, dayMs: number): Promise<PayoutBacklog> {
  const [row]: Record<string, string | null>[] = await db.query(
    `WITH unsent AS (${UNSENT_REFUNDS_SQL}),
          sending AS (SELECT created_at FROM withdrawals WHERE status IN ('pending', 'sent')),
          refunding AS (SELECT recorded_at FROM unsent WHERE due
                        UNION ALL SELECT recorded_at FROM chain_transfers WHERE status = 'unmatched' AND refund_transaction_id IS NOT NULL)
     SELECT (SELECT count(*) FROM sending) AS withdrawals,
            (SELECT extract(epoch FROM $3 - min(created_at)) FROM sending) AS withdrawal_age,
            (SELECT count(*) FROM refunding) AS refunds,
            (SELECT extract(epoch FROM $3 - min(recorded_at)) FROM refunding) AS refund_age,
            (SELECT count(*) FROM unsent WHERE NOT due) AS held`,
    [new Date(now.getTime() - dayMs), REFUNDS_PER_SENDER_PER_DAY, now],
  );
  const seconds = (value: string | null) => (value === null ? null : Math.max(0, Number(value)));
  return {
    withdrawal: { count: Number(row.withdrawals), oldestSeconds: seconds(row.withdrawal_age) },
    refund: { count: Number(row.refunds), oldestSeconds: seconds(row.refund_age) },
    refundHeld: { count: Number(row.held) },
  };
}
