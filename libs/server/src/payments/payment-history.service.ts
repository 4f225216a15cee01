import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { InferResult, sql } from 'kysely';
import { PAYMENT_HISTORY_PAGE_SIZE } from '@runik/contract';
import type { ChainTransferStatus, PaymentHistoryEntry, PaymentHistoryResponse, PaymentPurpose, PaymentRefund } from '@runik/contract';
import type { PaymentKind } from '../chain/payment-matcher';
import { db, rows } from '../core/database/sql';
import { kindOfMatch } from './payment-kinds';
import { refundReasonCode } from './refund-reasons';

/** The recorded statuses of a player's own transfers to the game account (not the game's outgoing ones, nor the treasury's). */
const PAYMENT_ROW_STATUSES: ChainTransferStatus[] = ['waiting', 'credited', 'unmatched', 'refunded', 'refund-failed'];

/** The id in a transfer's `matched` (`shop-purchase:3`) when it names a row of that kind, else null. */
const matchedId = (prefix: string) => sql<number>`CASE WHEN t.matched LIKE ${`${prefix}:%`} THEN split_part(t.matched, ':', 2)::bigint END`;

/** A page of the player's payments, newest first, with the shop item or the packs each bought. */
const paymentsQuery = (hiveUsername: string, offset: number) =>
  db
    .selectFrom('chain_transfers as t')
    .leftJoin('shop_purchases as shop', (join) => join.on('shop.id', '=', matchedId('shop-purchase')))
    .leftJoin('pack_purchases as packs', (join) => join.on('packs.id', '=', matchedId('pack-purchase')))
    .select([
      't.transaction_id',
      't.log_index',
      't.block_time',
      't.symbol',
      't.quantity',
      't.status',
      't.matched',
      't.reason',
      't.refund_transaction_id',
      'shop.item_name as shop_item',
      'packs.pack_count',
    ])
    .where('t.sender', '=', hiveUsername)
    .where('t.status', 'in', PAYMENT_ROW_STATUSES)
    // Only the statuses above pass.
    .$narrowType<{ status: ChainTransferStatus }>()
    .orderBy('t.block_number', 'desc')
    .orderBy('t.transaction_id', 'desc')
    .orderBy('t.log_index', 'desc')
    .limit(PAYMENT_HISTORY_PAGE_SIZE + 1)
    .offset(offset);

type PaymentRow = InferResult<ReturnType<typeof paymentsQuery>>[number];

/** What a credited transfer paid for, by the kind its settlement wrote in `matched` (`deposit:12`, `pack-purchase:3`...). */
const PURPOSE_OF_KIND: Record<PaymentKind, PaymentPurpose> = {
  deposit: 'deposit',
  registration: 'registration',
  pack: 'packs',
  shop: 'shop-item',
};

/**
 * A player's payments to the game account as the chain follower recorded them (`chain_transfers`,
 * whatever the client reported), each with what it paid for or why it went back and how far its
 * refund has got (the refund is stored on the transfer it pays back, as the settlement sends it).
 */
@Injectable()
export class PaymentHistoryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async historyOf(hiveUsername: string, offset: number): Promise<PaymentHistoryResponse> {
    const payments = await rows(this.dataSource.manager, paymentsQuery(hiveUsername, offset));
    return {
      payments: payments.slice(0, PAYMENT_HISTORY_PAGE_SIZE).map(toEntry),
      hasMore: payments.length > PAYMENT_HISTORY_PAGE_SIZE,
    };
  }
}

function toEntry(row: PaymentRow): PaymentHistoryEntry {
  const refund = refundOf(row);
  return {
    transactionId: row.transaction_id,
    logIndex: row.log_index,
    time: row.block_time.toISOString(),
    symbol: row.symbol,
    quantity: row.quantity,
    paidFor: row.status === 'waiting' ? null : refund ? 'unmatched' : paidForOf(row.matched),
    shopItem: row.shop_item,
    packCount: row.pack_count,
    status: row.status === 'waiting' ? 'pending' : refund ? 'refunded' : 'credited',
    refund,
  };
}

function paidForOf(matched: string | null): PaymentPurpose | null {
  const kind = kindOfMatch(matched);
  return kind === null ? null : PURPOSE_OF_KIND[kind];
}

/** Where the way back of an unmatched transfer stands; null for a transfer that is waiting or credited. */
function refundOf(row: PaymentRow): PaymentRefund | null {
  const reason = refundReasonCode(row.reason);
  switch (row.status) {
    case 'unmatched':
      // Signed perhaps, but not in a block yet: its id may still change if it expires unseen.
      return { reason, state: 'sending', transactionId: null };
    case 'refunded':
      return { reason, state: 'sent', transactionId: row.refund_transaction_id };
    case 'refund-failed':
      return { reason, state: 'failed', transactionId: null };
    default:
      return null;
  }
}
