import type { EntityManager } from 'typeorm';
import { ChainTransferNotes } from '@runik/contract';
import type { ChainTransferView } from '@runik/contract';
import { refundTimes } from '@runik/rules';
import { db, rows } from '../core/database/sql';

type Listed = Omit<ChainTransferView, 'note' | 'heldUntil'>;

/**
 * The operators' note on each listed transfer that paid for nothing (issue 47): dust kept under the
 * refund minimum; a refund held to its sender's daily count with the earliest time it may go (the
 * settlement's own count, `refundTimes`); one due; one signed and waiting for its block. `windowMs` is
 * REFUND_COUNT_WINDOW_MS; `nowMs` the game clock's, as the settlement counts.
 */
export async function withNotes(
  manager: EntityManager,
  transfers: Listed[],
  nowMs: number,
  windowMs: number,
): Promise<ChainTransferView[]> {
  const unsent = transfers.filter((transfer) => transfer.status === 'unmatched' && transfer.refundTransactionId === null);
  const times = await refundTimesOf(manager, [...new Set(unsent.map((transfer) => transfer.sender))], nowMs, windowMs);
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
async function refundTimesOf(manager: EntityManager, senders: string[], nowMs: number, windowMs: number): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  if (senders.length === 0) return times;
  const [waiting, started] = await Promise.all([
    rows(
      manager,
      db
        .selectFrom('chain_transfers')
        .select(['sender', 'transaction_id as transactionId', 'log_index as logIndex'])
        .where('status', '=', 'unmatched')
        .where('refund_transaction_id', 'is', null)
        .where('sender', '=', (eb) => eb.fn.any(eb.val(senders)))
        .orderBy('block_number')
        .orderBy('transaction_id')
        .orderBy('log_index'),
    ),
    rows(
      manager,
      db
        .selectFrom('chain_transfers')
        .select(['sender', 'refund_started_at as startedAt'])
        .where('sender', '=', (eb) => eb.fn.any(eb.val(senders)))
        .where('refund_started_at', '>', new Date(nowMs - windowMs))
        .$narrowType<{ startedAt: Date }>(),
    ),
  ]);
  for (const sender of senders) {
    const queue = waiting.filter((row) => row.sender === sender);
    const starts = started.filter((row) => row.sender === sender).map((row) => new Date(row.startedAt).getTime());
    refundTimes(starts, queue.length, nowMs, windowMs).forEach((time, index) => times.set(keyOf(queue[index]), time));
  }
  return times;
}
