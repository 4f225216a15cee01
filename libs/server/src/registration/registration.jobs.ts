import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { RegistrationInvalidReasons } from '@runik/contract';
import { fromThousandths } from '@runik/rules';
import { IncomingTransfer, PaymentMatch } from '../chain/chain-transfers';
import { Clock } from '../core/clock/clock';
import { db, rows } from '../core/database/sql';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues } from '../core/queues/queues';
import type { ConfirmRegistrationJob } from '../core/queues/queues';
import { PaymentPipeline } from '../payments/payment-pipeline';
import type { Player } from '../players/player.entity';
import { PlayersService } from '../players/players.service';
import { RegistrationFees } from './registration-fees';

/**
 * Paid registrations (worker only), a kind of the payment pipeline. The chain decides: a SWAP.HIVE transfer to the
 * game account with the registration memo, recorded by the chain follower, activates its sender once (referrer from
 * the memo), whoever reported it and with whatever referrer. A report only waits for that, and ends invalid when its
 * transaction is not the reporter's registration payment.
 */
@Injectable()
export class RegistrationJobs {
  constructor(
    private readonly payments: PaymentPipeline,
    private readonly players: PlayersService,
    private readonly fees: RegistrationFees,
    private readonly clock: Clock,
  ) {}

  /**
   * `lastAttempt`: give up instead of waiting again when the transaction is still unknown to Hive
   * Engine and the Hive node alike (the follower may still activate it later).
   */
  @JobHandler(Queues.ledger, LedgerJobs.confirmRegistration)
  confirmRegistration({ registrationId }: ConfirmRegistrationJob, lastAttempt: boolean): Promise<void> {
    // The fee is the follower's to judge: it owes the lowest quote at the transfer's block.
    return this.payments.checkReport('registration', registrationId, lastAttempt);
  }

  /**
   * Activates the sender of a recorded registration payment: registers the account with the memo's referrer (or
   * activates a free one) and confirms its registration record, the reported one if any. What cannot pay (account
   * already paid, below the fee quoted when it was sent) is unmatched.
   */
  async credit(manager: EntityManager, transfer: IncomingTransfer, { referrer }: { referrer: string }): Promise<PaymentMatch> {
    let player: Player | null = null;
    let owed = 0;
    return this.payments.creditPayment(manager, transfer, {
      kind: 'registration',
      payer: 'any',
      terms: async (manager) => {
        player = await this.players.findByUsername(transfer.sender, manager);
        if (player?.activation === 'paid') return { unmatched: RegistrationInvalidReasons.alreadyPaid };
        owed = await this.fees.owedAt(manager, player ? 'late-activation' : 'registration', transfer.block_time);
        return { owedThousandths: owed };
      },
      credit: async (manager, { paidThousandths }) => {
        const now = this.clock.now();
        const [{ id }] = await rows(
          manager,
          db
            .insertInto('registrations')
            .values({
              transaction_id: transfer.transaction_id,
              hive_username: transfer.sender,
              referrer,
              fee_offered_thousandths: paidThousandths,
              fee_required_thousandths: owed,
              status: 'confirmed',
              created_at: now,
              updated_at: now,
            })
            .onConflict((conflict) =>
              conflict.columns(['transaction_id', 'hive_username']).doUpdateSet((eb) => ({
                status: 'confirmed',
                referrer: eb.ref('excluded.referrer'),
                fee_required_thousandths: eb.ref('excluded.fee_required_thousandths'),
                error: null,
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .returning('id'),
        );
        if (player) await this.players.activate(manager, player);
        const activated = player ?? (await this.players.register(manager, transfer.sender, referrer, 'paid'));
        return {
          id,
          playerId: activated.id,
          notification: {
            kind: 'registration-confirmed',
            data: { registrationId: id, transactionId: transfer.transaction_id, paid: fromThousandths(paidThousandths) },
          },
          summary: `@${transfer.sender} activated`,
        };
      },
    });
  }
}
