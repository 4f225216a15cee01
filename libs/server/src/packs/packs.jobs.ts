import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fromThousandths } from '@runik/rules';
import { IncomingTransfer, PaymentMatch } from '../chain/chain-transfers';
import { Clock } from '../core/clock/clock';
import { db, firstRow } from '../core/database/sql';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues } from '../core/queues/queues';
import type { ConfirmPackPurchaseJob } from '../core/queues/queues';
import { FairRolls } from '../fairness/fair-rolls';
import { PaymentPipeline } from '../payments/payment-pipeline';
import { packPrice, recordPackPurchase } from './pack-purchases';

/**
 * SWAP.HIVE pack payments (worker only), a kind of the payment pipeline. The chain decides: a transfer with a pack
 * memo, recorded by the chain follower, is its sender's purchase of that many packs, once, reported or not. A report
 * only waits for that, and ends invalid when its transaction is not the reporter's payment.
 */
@Injectable()
export class PackJobs {
  constructor(
    private readonly payments: PaymentPipeline,
    private readonly clock: Clock,
    private readonly rolls: FairRolls,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown (the follower may still confirm it later). */
  @JobHandler(Queues.ledger, LedgerJobs.confirmPackPurchase)
  confirmPackPurchase({ packPurchaseId: purchaseId }: ConfirmPackPurchaseJob, lastAttempt: boolean): Promise<void> {
    return this.payments.checkReport('pack', purchaseId, lastAttempt);
  }

  /**
   * The purchase a recorded pack payment makes: the reported one if the buyer reported it, a new one otherwise. A
   * payment of another price than the packs', or whose memo names someone else, is unmatched.
   */
  credit(manager: EntityManager, transfer: IncomingTransfer, { packCount }: { packCount: number }): Promise<PaymentMatch> {
    const price = packPrice('hive', packCount);
    return this.payments.creditPayment(manager, transfer, {
      kind: 'pack',
      payer: 'locked',
      terms: async () => ({ owedThousandths: price }),
      credit: async (manager, { payerId }) => {
        const now = this.clock.now();
        // The reported purchase (pending, or given up on before the payment was processed) is the one confirmed.
        const reported = await firstRow(
          manager,
          db
            .updateTable('pack_purchases')
            .set({ status: 'confirmed', pack_count: packCount, price_thousandths: price, error: null, updated_at: now })
            .where('transaction_id', '=', transfer.transaction_id)
            .where('player_id', '=', payerId)
            .returning('id'),
        );
        const id = reported
          ? reported.id
          : await recordPackPurchase(manager, this.rolls, {
              playerId: payerId,
              currency: 'hive',
              packCount,
              status: 'confirmed',
              transactionId: transfer.transaction_id,
              now,
            });
        return {
          id,
          playerId: payerId,
          notification: {
            kind: 'pack-purchase-confirmed',
            data: { purchaseId: id, packCount, price: fromThousandths(price), transactionId: transfer.transaction_id },
          },
          summary: `${packCount} packs for @${transfer.sender}`,
        };
      },
    });
  }
}
