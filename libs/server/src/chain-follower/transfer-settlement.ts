import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { GameAccountTransfers } from '../chain/game-account-transfers';
import { paymentPurpose } from '../chain/payment-matcher';
import { Clock } from '../core/clock/clock';
import { PackJobs } from '../packs/packs.jobs';
import { RegistrationJobs } from '../registration/registration.jobs';
import { ShopJobs } from '../shop/shop.jobs';
import { DepositJobs } from '../wallet/deposit.jobs';
import { retryingTransaction } from '../core/database/transaction';

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
 * back, once, with the reason in the memo. The players' reports never decide any of it.
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
      const [status, matched, reason] = 'matched' in match ? ['credited', match.matched, null] : ['unmatched', null, match.unmatched];
      await manager.query(`UPDATE chain_transfers SET status = $3, matched = $4, reason = $5, updated_at = $6 WHERE transaction_id = $1 AND log_index = $2`, [
        key.transaction_id,
        key.log_index,
        status,
        matched,
        reason,
        this.clock.now(),
      ]);
    }
  }

  /** Credits what one transfer pays for, in the pass's transaction. */
  private async paidFor(manager: EntityManager, transfer: IncomingTransfer): Promise<PaymentMatch> {
    // A transaction pays for one thing: a second transfer in it goes back.
    const [credited] = await manager.query(`SELECT 1 FROM chain_transfers WHERE transaction_id = $1 AND log_index <> $2 AND status = 'credited'`, [
      transfer.transaction_id,
      transfer.log_index,
    ]);
    if (credited) return { unmatched: UnmatchedReasons.twice };
    const purpose = paymentPurpose(transfer);
    if ('unmatched' in purpose) return purpose;
    switch (purpose.kind) {
      case 'deposit':
        return this.deposits.credit(manager, transfer);
      case 'registration':
        return this.answerReports(manager, 'registrations', transfer, await this.registrations.creditPayment(manager, transfer, purpose.referrer));
      case 'pack':
        return this.answerReports(manager, 'pack_purchases', transfer, await this.packs.creditPayment(manager, transfer, purpose));
      case 'shop':
        return this.answerReports(manager, 'shop_purchases', transfer, await this.shop.creditPayment(manager, transfer, purpose));
    }
  }

  /** A payment that pays for nothing: its reports still pending end invalid with the reason, for the player's screen. */
  private async answerReports(manager: EntityManager, reports: ReportTable, transfer: IncomingTransfer, match: PaymentMatch): Promise<PaymentMatch> {
    if ('unmatched' in match) {
      await manager.query(`UPDATE ${reports} SET status = 'invalid', error = $2, updated_at = $3 WHERE transaction_id = $1 AND status = 'pending'`, [
        transfer.transaction_id,
        match.unmatched,
        this.clock.now(),
      ]);
    }
    return match;
  }

  /**
   * Sends each unmatched transfer back to its sender, never twice: the refund's id is stored before
   * it is broadcast and looked for on Hive Engine before anything is signed again.
   */
  async refundUnmatched(): Promise<void> {
    const unmatched: UnmatchedTransfer[] = await this.dataSource.query(
      `SELECT * FROM chain_transfers WHERE status = 'unmatched' ORDER BY block_number, transaction_id, log_index LIMIT $1`,
      [PASS_SIZE],
    );
    for (const transfer of unmatched) {
      if (transfer.refund_transaction_id) {
        const sent = await this.transfers.stateOf(transfer.refund_transaction_id, transfer.refund_expires_at!, this.clock.nowMs());
        if (sent.state === 'done') await this.settle(transfer, 'refunded', transfer.reason);
        // Left to the operators (listed with its reason): a refund the sidechain refused would fail again.
        if (sent.state === 'failed') await this.settle(transfer, 'refund-failed', `${transfer.reason}; refund failed: ${sent.errors.join('; ')}`);
        if (sent.state !== 'expired') continue;
      }
      const sent = await this.transfers.send(
        { symbol: transfer.symbol, to: transfer.sender, quantity: transfer.quantity, memo: `Runik refund: ${transfer.reason}` },
        async (prepared) => {
          const [, changed] = await this.dataSource.query(
            `UPDATE chain_transfers SET refund_transaction_id = $3, refund_expires_at = $4, updated_at = $5
              WHERE transaction_id = $1 AND log_index = $2 AND status = 'unmatched' AND refund_transaction_id IS NOT DISTINCT FROM $6`,
            [transfer.transaction_id, transfer.log_index, prepared.id, prepared.expiresAt, this.clock.now(), transfer.refund_transaction_id],
          );
          return changed === 1;
        },
      );
      // The game account's custom_json for this block are taken: the rest go in a later pass.
      if (!sent) return;
    }
  }

  private async settle(transfer: UnmatchedTransfer, status: 'refunded' | 'refund-failed', reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE chain_transfers SET status = $3, reason = $4, updated_at = $5 WHERE transaction_id = $1 AND log_index = $2 AND status = 'unmatched'`,
      [transfer.transaction_id, transfer.log_index, status, reason, this.clock.now()],
    );
    this.logger.warn(`Transfer ${transfer.transaction_id}/${transfer.log_index} (${transfer.quantity} ${transfer.symbol} from ${transfer.sender}) ${status}: ${reason}`);
  }
}
