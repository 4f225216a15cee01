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

/**
 * How much later than a payment's block time an earlier payment with its memo must have been credited
 * for this one to count as made while that one was pending: one Hive block, as the chain writes whole
 * seconds (a payment is made before its block's time, and never more than this before it is written).
 */
const PENDING_MARGIN_SECONDS = 3;
/** Transfers settled per pass (one follower batch's worth), so one pass stays short while catching up. */
const PASS_SIZE = 200;

interface TransferKey {
  transaction_id: string;
  log_index: number;
}

/** The tables of the players' reports of SWAP.HIVE payments. */
type ReportTable = 'registrations' | 'pack_purchases' | 'shop_purchases';

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

  /** Credits what one transfer pays for, in the pass's transaction. */
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
        return this.answerReports(
          manager,
          'registrations',
          transfer,
          await this.registrations.creditPayment(manager, transfer, purpose.referrer),
        );
      case 'pack':
        return this.answerReports(
          manager,
          'pack_purchases',
          transfer,
          await this.purchase(manager, transfer, () => this.packs.creditPayment(manager, transfer, purpose)),
        );
      case 'shop':
        return this.answerReports(
          manager,
          'shop_purchases',
          transfer,
          await this.purchase(manager, transfer, () => this.shop.creditPayment(manager, transfer, purpose)),
        );
    }
  }

  /** A pack or shop payment buys (`credit`) unless the player paid it again while the first was pending. */
  private async purchase(manager: EntityManager, transfer: IncomingTransfer, credit: () => Promise<PaymentMatch>): Promise<PaymentMatch> {
    if (await this.paidAgainWhilePending(manager, transfer)) return { unmatched: UnmatchedReasons.paidAgainWhilePending };
    return credit();
  }

  /**
   * Whether an earlier payment of the sender's with the same pack or shop memo was still unconfirmed
   * when this one was made (at its block's time): the player paid again while waiting (Hive Engine
   * behind), and gets this one back rather than the purchase twice. Settled in chain order, the
   * earlier one is credited by now; a credited transfer is never updated after its settlement.
   */
  private async paidAgainWhilePending(manager: EntityManager, transfer: IncomingTransfer): Promise<boolean> {
    const [earlier] = await manager.query(
      `SELECT 1 FROM chain_transfers
        WHERE sender = $1 AND memo = $2 AND status = 'credited' AND block_number <= $3 AND transaction_id <> $4
          AND updated_at > $5::timestamptz + make_interval(secs => $6) LIMIT 1`,
      [transfer.sender, transfer.memo, transfer.block_number, transfer.transaction_id, transfer.block_time, PENDING_MARGIN_SECONDS],
    );
    return Boolean(earlier);
  }

  /** A payment that pays for nothing: its reports still pending end invalid with the reason, for the player's screen. */
  private async answerReports(
    manager: EntityManager,
    reports: ReportTable,
    transfer: IncomingTransfer,
    match: PaymentMatch,
  ): Promise<PaymentMatch> {
    if ('unmatched' in match) {
      await manager.query(
        `UPDATE ${reports} SET status = 'invalid', error = $2, updated_at = $3 WHERE transaction_id = $1 AND status = 'pending'`,
        [transfer.transaction_id, match.unmatched, this.clock.now()],
      );
    }
    return match;
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
