import { Inject, Injectable, Logger } from '@nestjs/common';
import { isBelowRefundMinimum, REFUNDS_PER_SENDER_PER_DAY } from '@runik/rules';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { CUSTOM_JSON_PER_BLOCK, GameAccountTransfers } from '../chain/game-account-transfers';
import { paymentPurpose } from '../chain/payment-matcher';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { PackJobs } from '../packs/packs.jobs';
import { RegistrationJobs } from '../registration/registration.jobs';
import { ShopJobs } from '../shop/shop.jobs';
import { DepositJobs } from '../wallet/deposit.jobs';
import { withdrawalsAwaitingSlot } from '../wallet/withdraw.jobs';
import { UNSENT_REFUNDS_SQL } from './payout-backlog';
import { retryingTransaction } from '../core/database/transaction';

/** Transfers settled per pass (one follower batch's worth), so one pass stays short while catching up. */
const PASS_SIZE = 200;

interface TransferKey {
  transaction_id: string;
  log_index: number;
}

interface UnmatchedTransfer extends IncomingTransfer {
  reason: string;
  refund_transaction_id: string | null;
  refund_expires_at: Date | null;
}

/**
 * What the recorded transfers pay for: RNK to the game account is its sender's deposit; SWAP.HIVE
 * pays for what its memo names (a registration, packs, a shop item). What pays for nothing is sent
 * back, once, with the reason in the memo, unless it is dust (under the refund minimum: kept). The
 * players' reports never decide any of it.
 */
@Injectable()
export class TransferSettlement {
  private readonly logger = new Logger(TransferSettlement.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly deposits: DepositJobs,
    private readonly registrations: RegistrationJobs,
    private readonly packs: PackJobs,
    private readonly shop: ShopJobs,
    private readonly transfers: GameAccountTransfers,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Settles waiting transfers in chain order, a pass in one transaction (one commit for many
   * credits while catching up) on their locked rows. A pass that fails is settled again one transfer
   * at a time, so one transfer that cannot be settled never holds back the others.
   */
  async matchWaiting(): Promise<void> {
    const waiting: TransferKey[] = await this.dataSource.query(
      `SELECT transaction_id, log_index FROM chain_transfers WHERE status = 'waiting' ORDER BY block_number, transaction_id, log_index LIMIT $1`,
      [PASS_SIZE],
    );
    if (waiting.length === 0) return;
    try {
      await retryingTransaction(this.dataSource, (manager) => this.match(manager, waiting));
    } catch {
      for (const key of waiting) {
        await retryingTransaction(this.dataSource, (manager) => this.match(manager, [key])).catch((error: Error) => {
          this.logger.error(`Transfer ${key.transaction_id}/${key.log_index} could not be settled: ${error.message}`);
        });
      }
    }
  }

  private async match(manager: EntityManager, keys: TransferKey[]): Promise<void> {
    for (const key of keys) {
      const [transfer]: IncomingTransfer[] = await manager.query(
        `SELECT * FROM chain_transfers WHERE transaction_id = $1 AND log_index = $2 AND status = 'waiting' FOR UPDATE SKIP LOCKED`,
        [key.transaction_id, key.log_index],
      );
      if (!transfer) continue;
      const match = await this.paidFor(manager, transfer);
      const [status, matched, reason] =
        'matched' in match
          ? ['credited', match.matched, null]
          : [isBelowRefundMinimum(transfer.quantity) ? 'dust' : 'unmatched', null, match.unmatched];
      await manager.query(
        `UPDATE chain_transfers SET status = $3, matched = $4, reason = $5, updated_at = $6 WHERE transaction_id = $1 AND log_index = $2`,
        [key.transaction_id, key.log_index, status, matched, reason, this.clock.now()],
      );
    }
  }

  /** Credits what one transfer pays for, in the pass's transaction: each kind through the one payment pipeline. */
  private async paidFor(manager: EntityManager, transfer: IncomingTransfer): Promise<PaymentMatch> {
    // A transaction pays for one thing: a second transfer in it goes back.
    const [credited] = await manager.query(
      `SELECT 1 FROM chain_transfers WHERE transaction_id = $1 AND log_index <> $2 AND status = 'credited'`,
      [transfer.transaction_id, transfer.log_index],
    );
    if (credited) return { unmatched: UnmatchedReasons.twice };
    const purpose = paymentPurpose(transfer);
    if ('unmatched' in purpose) return purpose;
    switch (purpose.kind) {
      case 'deposit':
        return this.deposits.credit(manager, transfer);
      case 'registration':
        return this.registrations.credit(manager, transfer, purpose);
      case 'pack':
        return this.packs.credit(manager, transfer, purpose);
      case 'shop':
        return this.shop.credit(manager, transfer, purpose);
    }
  }

  /**
   * Sends unmatched transfers back to their senders, never twice: the refund's id is stored before
   * it is broadcast and looked for on Hive Engine before anything is signed again. Refunds leave the
   * custom_json slots waiting withdrawals need, and a sender is sent at most REFUNDS_PER_SENDER_PER_DAY
   * a day (REFUND_COUNT_WINDOW_MS): the rest wait, in chain order, until the day has room.
   */
  async refundUnmatched(): Promise<void> {
    const leaveFree = Math.min(CUSTOM_JSON_PER_BLOCK, await withdrawalsAwaitingSlot(this.dataSource, new Date(this.clock.machineNowMs())));
    const sent: (UnmatchedTransfer & { refund_transaction_id: string; refund_expires_at: Date })[] = await this.dataSource.query(
      `SELECT * FROM chain_transfers WHERE status = 'unmatched' AND refund_transaction_id IS NOT NULL ORDER BY block_number, transaction_id, log_index LIMIT $1`,
      [PASS_SIZE],
    );
    for (const transfer of sent) {
      const state = await this.transfers.follow(
        transfer.refund_transaction_id,
        transfer.refund_expires_at,
        this.clock.machineNowMs(),
        leaveFree,
      );
      if (state.state === 'done') await this.settle(transfer, 'refunded', transfer.reason);
      // Left to the operators (listed with its reason): a refund the sidechain refused would fail again.
      if (state.state === 'failed')
        await this.settle(transfer, 'refund-failed', `${transfer.reason}; refund failed: ${state.errors.join('; ')}`);
      // The Hive node says it expired outside any block: signed again (the same refund, counted once).
      if (state.state === 'expired' && !(await this.sendRefund(transfer, leaveFree))) return;
    }
    for (const transfer of await this.refundsDue()) {
      if (!(await this.sendRefund(transfer, leaveFree))) return;
    }
  }

  /** Unmatched transfers not yet sent back, in chain order, each sender's only as far as its day has room. */
  private refundsDue(): Promise<UnmatchedTransfer[]> {
    return this.dataSource.query(
      `SELECT * FROM (${UNSENT_REFUNDS_SQL}) unsent WHERE due ORDER BY block_number, transaction_id, log_index LIMIT $3`,
      [new Date(this.clock.nowMs() - this.config.REFUND_COUNT_WINDOW_MS), REFUNDS_PER_SENDER_PER_DAY, PASS_SIZE],
    );
  }

  /** Signs and sends one refund; false when this block has no slot left for refunds. */
  private sendRefund(transfer: UnmatchedTransfer, leaveFree: number): Promise<boolean> {
    return this.transfers.send(
      { symbol: transfer.symbol, to: transfer.sender, quantity: transfer.quantity, memo: `Runik refund: ${transfer.reason}` },
      async (prepared) => {
        const now = this.clock.now();
        const [, changed] = await this.dataSource.query(
          `UPDATE chain_transfers SET refund_transaction_id = $3, refund_expires_at = $4, refund_started_at = COALESCE(refund_started_at, $5), updated_at = $5
            WHERE transaction_id = $1 AND log_index = $2 AND status = 'unmatched' AND refund_transaction_id IS NOT DISTINCT FROM $6`,
          [transfer.transaction_id, transfer.log_index, prepared.id, prepared.expiresAt, now, transfer.refund_transaction_id],
        );
        return changed === 1;
      },
      leaveFree,
    );
  }

  private async settle(transfer: UnmatchedTransfer, status: 'refunded' | 'refund-failed', reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE chain_transfers SET status = $3, reason = $4, updated_at = $5 WHERE transaction_id = $1 AND log_index = $2 AND status = 'unmatched'`,
      [transfer.transaction_id, transfer.log_index, status, reason, this.clock.now()],
    );
    this.logger.warn(
      `Transfer ${transfer.transaction_id}/${transfer.log_index} (${transfer.quantity} ${transfer.symbol} from ${transfer.sender}) ${status}: ${reason}`,
    );
  }
}
