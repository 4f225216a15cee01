import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fromThousandths } from '@runik/rules';
import { IncomingTransfer, PaymentMatch } from '../chain/chain-transfers';
import { Clock } from '../core/clock/clock';
import { compiledOnce, db, firstRow } from '../core/database/sql';
import { LedgerService } from '../ledger/ledger.service';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues } from '../core/queues/queues';
import type { ConfirmDepositJob } from '../core/queues/queues';
import { PaymentPipeline } from '../payments/payment-pipeline';

/**
 * Deposits (worker only), a kind of the payment pipeline. The chain decides: every RNK transfer to the game account
 * that the chain follower records is credited to its sender, once, whatever the client reported and whatever the
 * cooldown says. A client's report only waits for that and tells the reporter when its transaction is not its own
 * RNK transfer to the game.
 */
@Injectable()
export class DepositJobs {
  constructor(
    private readonly payments: PaymentPipeline,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /**
   * A reported deposit: fails it when its transaction is not the reporter's RNK transfer to the game
   * (or is still unknown on its last attempt, to the Hive node too), otherwise waits until the follower
   * has credited it.
   */
  @JobHandler(Queues.ledger, LedgerJobs.confirmDeposit)
  confirmDeposit({ depositId }: ConfirmDepositJob, lastAttempt: boolean): Promise<void> {
    return this.payments.checkReport('deposit', depositId, lastAttempt);
  }

  /**
   * Credits a recorded RNK transfer to its sender's deposit (made if the client never reported it, brought to the
   * amount the chain carried if it reported another): what the chain carried, from `external:hive-engine`.
   */
  credit(manager: EntityManager, transfer: IncomingTransfer): Promise<PaymentMatch> {
    return this.payments.creditPayment(manager, transfer, {
      kind: 'deposit',
      payer: 'read',
      terms: async () => ({}),
      credit: async (manager, { paidThousandths: amount, payerId: playerId }) => {
        const deposit = await firstRow(manager, creditDepositStatement(transfer.transaction_id, playerId, amount, this.clock.now()));
        // The pipeline answered a completed deposit before this step: one completed meanwhile is credited once, by its own pass.
        if (!deposit) throw new Error(`Deposit of ${transfer.transaction_id} completed by another settlement meanwhile`);
        await this.ledger.post(manager, {
          reason: 'deposit',
          reference: transfer.transaction_id,
          deferCredits: true,
          legs: [
            { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -amount },
            { account: { playerId }, asset: 'runik', delta: amount },
          ],
        });
        const { id } = deposit;
        return {
          id,
          playerId,
          notification: {
            kind: 'deposit-credited',
            data: { depositId: id, amount: fromThousandths(amount), transactionId: transfer.transaction_id },
          },
          summary: `${transfer.quantity} RNK from ${transfer.sender}`,
        };
      },
    });
  }
}

/**
 * The transaction's deposit for its sender, made or brought to the amount the chain carried and completed; none when
 * it is completed already. Compiled once: the chain follower runs it for every deposit while catching up.
 */
const creditDepositStatement = compiledOnce((transactionId: string, playerId: number, amountThousandths: number, now: Date) =>
  db
    .insertInto('deposits')
    .values({
      transaction_id: transactionId,
      player_id: playerId,
      amount_thousandths: amountThousandths,
      status: 'completed',
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['transaction_id', 'player_id'])
        .doUpdateSet((eb) => ({
          status: 'completed',
          amount_thousandths: eb.ref('excluded.amount_thousandths'),
          error: null,
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('deposits.status', '<>', 'completed'),
    )
    .returning('id'),
);
