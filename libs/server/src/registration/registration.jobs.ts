import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { RegistrationInvalidReasons } from '@runik/contract';
import { fromThousandths } from '@runik/rules';
import { IncomingTransfer, PaymentMatch } from '../chain/chain-transfers';
import { awaitEngine, engineProcessed, unmatchedReason } from '../chain/engine-wait';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { HiveNodeClient } from '../chain/hive-node.client';
import { matchPayment, recordedPayment, reportedPayment } from '../chain/payment-matcher';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues, RetryLater } from '../core/queues/queues';
import type { ConfirmRegistrationJob } from '../core/queues/queues';
import { Notifier } from '../notifications/notifier';
import { PlayersService } from '../players/players.service';
import { RegistrationFees } from './registration-fees';
import { Registration } from './registration.entity';

/**
 * Paid registrations (worker only). The chain decides: a SWAP.HIVE transfer to the game account with
 * the registration memo, recorded by the chain follower, activates its sender once (referrer from the
 * memo), whoever reported it and with whatever referrer. A report only waits for that, and ends
 * invalid when its transaction is not the reporter's registration payment.
 */
@Injectable()
export class RegistrationJobs {
  private readonly logger = new Logger(RegistrationJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly hiveNode: HiveNodeClient,
    private readonly players: PlayersService,
    private readonly fees: RegistrationFees,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  /**
   * `lastAttempt`: give up instead of waiting again when the transaction is still unknown to Hive
   * Engine and the Hive node alike (the follower may still activate it later).
   */
  @JobHandler(Queues.ledger, LedgerJobs.confirmRegistration)
  async confirmRegistration({ registrationId }: ConfirmRegistrationJob, lastAttempt: boolean): Promise<void> {
    const registration = await this.dataSource.manager.findOneBy(Registration, { id: registrationId });
    if (!registration || registration.status !== 'pending') return;

    const transaction = await this.hiveEngine.transactionInfo(registration.transactionId);
    if (!transaction) {
      return awaitEngine(
        { db: this.dataSource, hiveNode: this.hiveNode, now: this.clock.now() },
        registration.transactionId,
        lastAttempt,
        () => this.markInvalid(registrationId, RegistrationInvalidReasons.notFound),
      );
    }
    await engineProcessed(this.dataSource, registration.transactionId);
    // The fee is the follower's to judge: it owes the lowest quote at the transfer's block.
    const verdict = matchPayment(reportedPayment(transaction), {
      kind: 'registration',
      gameAccount: this.config.GAME_ACCOUNT,
      payer: registration.hiveUsername,
    });
    if ('mismatch' in verdict) return this.markInvalid(registrationId, verdict.reason);
    const unmatched = await unmatchedReason(this.dataSource, registration.transactionId);
    if (unmatched) return this.markInvalid(registrationId, unmatched);
    throw new RetryLater(`Registration ${registrationId} waits for the chain follower to reach block ${transaction.blockNumber}`);
  }

  /**
   * Activates the sender of a recorded registration payment, in the caller's transaction: registers
   * the account with the memo's referrer (or activates a free one) and confirms its registration
   * record, the reported one if any. What cannot pay (account already paid, below the fee quoted when
   * it was sent) is unmatched.
   */
  async creditPayment(manager: EntityManager, transfer: IncomingTransfer, referrer: string): Promise<PaymentMatch> {
    // Confirmed before the follower saw it (the reports confirmed payments once): nothing more to do.
    const [confirmed]: { id: string }[] = await manager.query(
      `SELECT id FROM registrations WHERE transaction_id = $1 AND status = 'confirmed'`,
      [transfer.transaction_id],
    );
    if (confirmed) return { matched: `registration:${confirmed.id}` };
    const player = await this.players.findByUsername(transfer.sender, manager);
    if (player?.activation === 'paid') return { unmatched: RegistrationInvalidReasons.alreadyPaid };
    const owed = await this.fees.owedAt(manager, player ? 'late-activation' : 'registration', transfer.block_time);
    const verdict = matchPayment(recordedPayment(transfer), {
      kind: 'registration',
      gameAccount: this.config.GAME_ACCOUNT,
      owedThousandths: owed,
    });
    if ('mismatch' in verdict) return { unmatched: verdict.reason };

    const { paidThousandths } = verdict;
    const now = this.clock.now();
    const [registration]: { id: string }[] = await manager.query(
      `INSERT INTO registrations (transaction_id, hive_username, referrer, fee_offered_thousandths, fee_required_thousandths, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'confirmed', $6, $6)
       ON CONFLICT (transaction_id, hive_username) DO UPDATE
         SET status = 'confirmed', referrer = EXCLUDED.referrer, fee_required_thousandths = EXCLUDED.fee_required_thousandths, error = NULL, updated_at = EXCLUDED.updated_at
       RETURNING id`,
      [transfer.transaction_id, transfer.sender, referrer, paidThousandths, owed, now],
    );
    if (player) await this.players.activate(manager, player);
    const activated = player ?? (await this.players.register(manager, transfer.sender, referrer, 'paid'));
    await this.notifier.notify(manager, Number(activated.id), 'registration-confirmed', `registration:${registration.id}`, {
      registrationId: Number(registration.id),
      transactionId: transfer.transaction_id,
      paid: fromThousandths(paidThousandths),
    });
    this.logger.log(`Registration ${registration.id} confirmed from the chain: @${transfer.sender} activated`);
    return { matched: `registration:${registration.id}` };
  }

  private async markInvalid(registrationId: number, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE registrations SET status = 'invalid', error = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'`,
      [registrationId, reason, this.clock.now()],
    );
    this.logger.warn(`Registration ${registrationId} invalid: ${reason}`);
  }
}
