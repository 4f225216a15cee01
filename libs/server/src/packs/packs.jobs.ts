import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { packPaymentMemo } from '@runik/contract';
import { fromThousandths } from '@runik/rules';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { matchPayment, recordedPayment } from '../chain/payment-matcher';
import { SwapHiveReports } from '../chain/swap-hive-reports';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues } from '../core/queues/queues';
import type { ConfirmPackPurchaseJob } from '../core/queues/queues';
import { Notifier } from '../notifications/notifier';
import { packPrice, recordPackPurchase } from './pack-purchases';
import type { PackPurchaseRow } from './packs.service';

type PendingPurchase = PackPurchaseRow & { hive_username: string };

/**
 * SWAP.HIVE pack payments (worker only). The chain decides: a transfer with a pack memo, recorded by
 * the chain follower, is its sender's purchase of that many packs, once, reported or not. A report
 * only waits for that, and ends invalid when its transaction is not the reporter's payment.
 */
@Injectable()
export class PackJobs {
  private readonly logger = new Logger(PackJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: SwapHiveReports,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown (the follower may still confirm it later). */
  @JobHandler(Queues.ledger, LedgerJobs.confirmPackPurchase)
  async confirmPackPurchase({ packPurchaseId: purchaseId }: ConfirmPackPurchaseJob, lastAttempt: boolean): Promise<void> {
    const [purchase]: PendingPurchase[] = await this.dataSource.query(
      `SELECT pp.*, p.hive_username FROM pack_purchases pp JOIN players p ON p.id = pp.player_id WHERE pp.id = $1 AND pp.status = 'pending'`,
      [purchaseId],
    );
    if (!purchase?.transaction_id) return;
    await this.reports.check(
      'pack_purchases',
      { ...purchase, transaction_id: purchase.transaction_id },
      packPaymentMemo(purchase.hive_username, purchase.pack_count),
      lastAttempt,
    );
  }

  /**
   * Confirms the purchase a recorded pack payment makes, in the caller's transaction: the reported
   * one if the buyer reported it, a new one otherwise. A payment of the wrong amount, or whose memo
   * names someone else, is unmatched.
   */
  async creditPayment(manager: EntityManager, transfer: IncomingTransfer, { packCount }: { packCount: number }): Promise<PaymentMatch> {
    const [confirmed]: { id: string }[] = await manager.query(
      `SELECT id FROM pack_purchases WHERE transaction_id = $1 AND status = 'confirmed'`,
      [transfer.transaction_id],
    );
    if (confirmed) return { matched: `pack-purchase:${confirmed.id}` };
    const price = packPrice('hive', packCount);
    const verdict = matchPayment(recordedPayment(transfer), {
      kind: 'pack',
      gameAccount: this.config.GAME_ACCOUNT,
      owedThousandths: price,
    });
    if ('mismatch' in verdict) return { unmatched: verdict.reason };
    const [buyer]: { id: string }[] = await manager.query(`SELECT id FROM players WHERE hive_username = $1 FOR NO KEY UPDATE`, [
      transfer.sender,
    ]);
    if (!buyer) return { unmatched: UnmatchedReasons.paymentFromStranger };

    const now = this.clock.now();
    // The reported purchase (pending, or given up on before the payment was processed) is the one confirmed.
    // (An UPDATE answers [rows, count].)
    const [[reported]]: [{ id: string }[], number] = await manager.query(
      `UPDATE pack_purchases SET status = 'confirmed', pack_count = $3, price_thousandths = $4, error = NULL, updated_at = $5
        WHERE transaction_id = $1 AND player_id = $2 RETURNING id`,
      [transfer.transaction_id, buyer.id, packCount, price, now],
    );
    const id = reported
      ? Number(reported.id)
      : await recordPackPurchase(manager, {
          playerId: Number(buyer.id),
          currency: 'hive',
          packCount,
          status: 'confirmed',
          transactionId: transfer.transaction_id,
          now,
        });
    await this.notifier.notify(manager, Number(buyer.id), 'pack-purchase-confirmed', `pack-purchase:${id}`, {
      purchaseId: id,
      packCount,
      price: fromThousandths(price),
      transactionId: transfer.transaction_id,
    });
    this.logger.log(`Pack purchase ${id} confirmed from the chain: ${packCount} packs for @${transfer.sender}`);
    return { matched: `pack-purchase:${id}` };
  }
}
