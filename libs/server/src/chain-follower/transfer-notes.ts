import type { EntityManager } from 'typeorm';
import { ChainTransferNotes } from '@runik/contract';
import type { ChainTransferView } from '@runik/contract';
import { refundTimes } from '@runik/rules';

type Listed = Omit<ChainTransferView, 'note' | 'heldUntil'>;

/**
 * The operators' note on each listed transfer that paid for nothing (issue 47): dust kept under the
 * refund minimum; a refund held to its sender's daily count with the earliest time it may go (the
 * settlement's own count, `refundTimes`); one due; one signed and waiting for its block. `windowMs` is
 * REFUND_COUNT_WINDOW_MS; `nowMs` the game clock's, as the settlement counts.
 */
export async function withNotes(
  db: Pick<EntityManager, 'query'>,
  transfers: Listed[],
  nowMs: number,
  windowMs: number,
): Promise<ChainTransferView[]> {
  const unsent = transfers.filter((transfer) => transfer.status === 'unmatched' && transfer.refundTransactionId === null);
  const times = await refundTimesOf(db, [...new Set(unsent.map((transfer) => transfer.sender))], nowMs, windowMs);
  return transfers.map((transfer) => {
    const time = times.get(keyOf(transfer));
    const held = time !== undefined && time > nowMs ? new Date(time).toISOString() : null;
    return { ...transfer, note: noteOf(transfer, time !== undefined, held), heldUntil: held };
  });
}

function noteOf(transfer: Listed, unsent: boolean, heldUntil: string | null): string | null {
  if (transfer.status === 'dust') return ChainTransferNotes.dust;
  if (transfer.status !== 'unmatched') return null;
  if (heldUntil) return ChainTransferNotes.held(heldUntil);
  return unsent || transfer.refundTransactionId === null ? ChainTransferNotes.due : ChainTransferNotes.signed;
}

const keyOf = (transfer: { transactionId: string; logIndex: number }) => `${transfer.transactionId}/${transfer.logIndex}`;

/** When each unsent refund of these senders may go, by transfer, all of each sender's unsent ones counted in chain order. */
async function refundTimesOf(
  db: Pick<EntityManager, 'query'>,
  senders: string[],
  nowMs: number,
  windowMs: number,
): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  if (senders.length === 0) return times;
  const [waiting, started]: [{ sender: string; transactionId: string; logIndex: number }[], { sender: string; startedAt: Date }[]] =
    await Promise.all([
      db.query(
        `SELECT sender, transaction_id AS "transactionId", log_index AS "logIndex" FROM chain_transfers
        WHERE status = 'unmatched' AND refund_transaction_id IS NULL AND sender = ANY($1)
        ORDER BY block_number, transaction_id, log_index`,
        [senders],
      ),
      db.query(`SELECT sender, refund_started_at AS "startedAt" FROM chain_transfers WHERE sender = ANY($1) AND refund_started_at > $2`, [
        senders,
        new Date(nowMs - windowMs),
      ]),
    ]);
  for (const sender of senders) {
    const queue = waiting.filter((row) => row.sender === sender);
    const starts = started.filter((row) => row.sender === sender).map((row) => new Date(row.startedAt).getTime());
    refundTimes(starts, queue.length, nowMs, windowMs).forEach((time, index) => times.set(keyOf(queue[index]), time));
  }
  return times;
}
