import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { RegistrationInvalidReasons } from '@runik/contract';
import { parseDecimal, registrationMemo } from '@runik/rules';
import { EngineTransaction, HiveEngineClient, parseEngineLogs, parseTransferPayload, SWAP_HIVE, SWAP_HIVE_DECIMALS } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { isUniqueViolation } from '../core/database/pg-errors';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { PlayersService } from '../players/players.service';
import { Registration } from './registration.entity';
import { RetryLater } from '../core/queues/queues';

/**
 * Confirms paid registrations against Hive Engine (worker only). Idempotent: a registration
 * leaves 'pending' once, and a transaction confirms one registration (partial unique index).
 */
@Injectable()
export class RegistrationJobs {
  private readonly logger = new Logger(RegistrationJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly players: PlayersService,
    private readonly clock: Clock,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown. */
  async confirmRegistration(registrationId: number, lastAttempt: boolean): Promise<void> {
    const registration = await this.dataSource.manager.findOneBy(Registration, { id: registrationId });
    if (!registration || registration.status !== 'pending') return;

    const transaction = await this.hiveEngine.transactionInfo(registration.transactionId);
    if (!transaction) {
      if (lastAttempt) return this.markInvalid(registrationId, RegistrationInvalidReasons.notFound);
      throw new RetryLater(`Transaction ${registration.transactionId} not processed yet`);
    }
    const problem = this.checkTransfer(registration, transaction);
    if (problem) return this.markInvalid(registrationId, problem);

    try {
      await this.dataSource.transaction((manager) => this.activate(manager, registrationId));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.markInvalid(registrationId, RegistrationInvalidReasons.alreadyUsed);
    }
  }

  /** The reason a transfer cannot pay for this registration, or null if it can. */
  private checkTransfer(registration: Registration, transaction: EngineTransaction): string | null {
    if (parseEngineLogs(transaction.logs).errors?.length) return RegistrationInvalidReasons.failed;
    if (transaction.contract !== 'tokens' || transaction.action !== 'transfer') return RegistrationInvalidReasons.wrongOperation;
    const payload = parseTransferPayload(transaction.payload);
    if (payload.symbol !== SWAP_HIVE) return RegistrationInvalidReasons.wrongOperation;
    if (transaction.sender !== registration.hiveUsername) return RegistrationInvalidReasons.wrongSender;
    if (payload.to !== this.config.GAME_ACCOUNT) return RegistrationInvalidReasons.wrongRecipient;
    if (payload.memo !== registrationMemo(registration.referrer)) return RegistrationInvalidReasons.wrongMemo;
    const paid = typeof payload.quantity === 'string' ? parseDecimal(payload.quantity, SWAP_HIVE_DECIMALS) : null;
    // Fee in HIVE thousandths; SWAP.HIVE carries 8 decimals.
    const required = registration.feeRequiredThousandths * 10 ** (SWAP_HIVE_DECIMALS - 3);
    if (paid === null || paid < required) return RegistrationInvalidReasons.underpaid;
    return null;
  }

  private async activate(manager: EntityManager, registrationId: number): Promise<void> {
    const registration = await manager.findOne(Registration, { where: { id: registrationId }, lock: { mode: 'pessimistic_write' } });
    if (!registration || registration.status !== 'pending') return;
    const player = await this.players.findByUsername(registration.hiveUsername, manager);
    if (player?.activation === 'paid') {
      await this.setStatus(manager, registrationId, 'invalid', RegistrationInvalidReasons.alreadyPaid);
      return;
    }
    // Confirm first: the partial unique index rejects a transaction that already paid for someone.
    await this.setStatus(manager, registrationId, 'confirmed', null);
    if (player) await this.players.activate(manager, player);
    else await this.players.register(manager, registration.hiveUsername, registration.referrer, 'paid');
    this.logger.log(`Registration ${registrationId} confirmed: @${registration.hiveUsername} activated`);
  }

  private async markInvalid(registrationId: number, reason: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const registration = await manager.findOne(Registration, { where: { id: registrationId }, lock: { mode: 'pessimistic_write' } });
      if (registration?.status === 'pending') await this.setStatus(manager, registrationId, 'invalid', reason);
    });
    this.logger.warn(`Registration ${registrationId} invalid: ${reason}`);
  }

  private async setStatus(manager: EntityManager, id: number, status: Registration['status'], error: string | null): Promise<void> {
    await manager.update(Registration, { id }, { status, error, updatedAt: this.clock.now() });
  }
}
