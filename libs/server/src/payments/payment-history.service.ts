import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PAYMENT_HISTORY_PAGE_SIZE } from '@runik/contract';
import type { ChainTransferStatus, PaymentHistoryEntry, PaymentHistoryResponse, PaymentPurpose, PaymentRefund } from '@runik/contract';
import type { PaymentKind } from '../chain/payment-matcher';
import { kindOfMatch } from './payment-kinds';
import { refundReasonCode } from './refund-reasons';

interface PaymentRow {
  transaction_id: string;
  log_index: number;
  block_time: Date;
  symbol: string;
  quantity: string;
  status: ChainTransferStatus;
  matched: string | null;
  reason: string | null;
  refund_transaction_id: string | null;
  shop_item: string | null;
  pack_count: number | null;
}

/** The recorded statuses of a player's own transfers to the game account (not the game's outgoing ones, nor the treasury's). */
const PAYMENT_ROW_STATUSES: ChainTransferStatus[] = ['waiting', 'credited', 'unmatched', 'refunded', 'refund-failed'];

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
    const rows: PaymentRow[] = await this.dataSource.query(
      `SELECT t.transaction_id, t.log_index, t.block_time, t.symbol, t.quantity, t.status, t.matched, t.reason, t.refund_transaction_id,
              shop.item_name AS shop_item, packs.pack_count
         FROM chain_transfers t
         LEFT JOIN shop_purchases shop
           ON shop.id = CASE WHEN t.matched LIKE 'shop-purchase:%' THEN split_part(t.matched, ':', 2)::bigint END
         LEFT JOIN pack_purchases packs
           ON packs.id = CASE WHEN t.matched LIKE 'pack-purchase:%' THEN split_part(t.matched, ':', 2)::bigint END
        WHERE t.sender = $1 AND t.status = ANY($2)
        ORDER BY t.block_number DESC, t.transaction_id DESC, t.log_index DESC
        LIMIT $3 OFFSET $4`,
      [hiveUsername, PAYMENT_ROW_STATUSES, PAYMENT_HISTORY_PAGE_SIZE + 1, offset],
    );
    return { payments: rows.slice(0, PAYMENT_HISTORY_PAGE_SIZE).map(toEntry), hasMore: rows.length > PAYMENT_HISTORY_PAGE_SIZE };
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
    packCount: row.pack_count === null ? null : Number(row.pack_count),
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
