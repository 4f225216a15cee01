import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, Repository } from 'typeorm';
import {
  ErrorMessages,
  FreeRegistrationRequest,
  HiveBalanceResponse,
  HivePriceResponse,
  InitiateRegistrationRequest,
  InitiateRegistrationResponse,
  LateActivationPreviewResponse,
  SessionResponse,
  TransactionStatus,
  TransactionStatusResponse,
} from '@runik/contract';
import { ACTIVATION_RELEASE_RUNIK, formatDecimal, fromThousandths, LATE_ACTIVATION_FEE_USD, parseDecimal } from '@runik/rules';
import { AuthService } from '../auth/auth.service';
import { SessionService } from '../auth/session.service';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ApiError } from '../core/errors/api-error';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues } from '../core/queues/queues';
import { PlayersService } from '../players/players.service';
import { RegistrationFees } from './registration-fees';
import { Registration } from './registration.entity';
import { retryingTransaction } from '../core/database/transaction';
import { db, rows } from '../core/database/sql';
import { paymentProgress, reportState } from '../chain/chain-transfers';

/** Status precedence when several registrations name one transaction. */
const STATUS_RANK: Record<TransactionStatus, number> = { confirmed: 0, pending: 1, invalid: 2 };

@Injectable()
export class RegistrationService {
  private readonly logger = new Logger(RegistrationService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Registration) private readonly registrations: Repository<Registration>,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    private readonly fees: RegistrationFees,
    private readonly hiveEngine: HiveEngineClient,
    private readonly players: PlayersService,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async hivePrice(): Promise<HivePriceResponse> {
    return { feeInHive: formatDecimal(await this.fees.quote('registration')) };
  }

  async hiveBalance(username: string): Promise<HiveBalanceResponse> {
    const balance = await this.chainCall(() => this.hiveEngine.tokenBalance(username, 'SWAP.HIVE'));
    return { balance: balance?.balance ?? '0' };
  }

  /**
   * Records a reported registration payment and enqueues its check; the chain follower activates the
   * account from the transfer itself, referrer from its memo. Repeating the same call (same
   * transaction, same player) returns the existing record: it is stored and queued once.
   */
  async initiate(request: InitiateRegistrationRequest): Promise<InitiateRegistrationResponse> {
    const feeOffered = parseDecimal(request.feeInHive);
    if (feeOffered === null) throw ApiError.badRequest('feeInHive must be a HIVE amount with up to 3 decimals');
    const recorded = await this.registrations.findOneBy({ transactionId: request.transactionId, hiveUsername: request.hiveUsername });
    if (recorded) return { success: true, status: recorded.status, transactionId: recorded.transactionId };
    const existing = await this.players.findByUsername(request.hiveUsername);
    if (existing?.activation === 'paid') throw ApiError.conflict(ErrorMessages.alreadyRegistered);
    const feeRequired = await this.fees.quote(existing ? 'late-activation' : 'registration');

    const now = this.clock.now();
    const inserted = await rows(
      this.dataSource.manager,
      db
        .insertInto('registrations')
        .values({
          transaction_id: request.transactionId,
          hive_username: request.hiveUsername,
          referrer: request.referrer,
          fee_offered_thousandths: feeOffered,
          fee_required_thousandths: feeRequired,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.columns(['transaction_id', 'hive_username']).doNothing())
        .returning('id'),
    );
    // A concurrent identical call inserted first: it enqueues the job, this one reports pending.
    if (inserted.length === 0) return { success: true, status: 'pending', transactionId: request.transactionId };
    await enqueue(
      this.ledgerQueue,
      ledgerJobs.registration(
        { id: inserted[0].id, transactionId: request.transactionId, hiveUsername: request.hiveUsername },
        this.config,
      ),
    );
    return { success: true, status: 'pending', transactionId: request.transactionId };
  }

  async transactionStatus(txId: string): Promise<TransactionStatusResponse> {
    const rows = await this.registrations.findBy({ transactionId: txId });
    if (rows.length === 0) throw ApiError.notFound(ErrorMessages.transactionNotFound);
    const [best] = rows.sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status]);
    return {
      status: best.status,
      error: best.status === 'invalid' ? best.error : null,
      ...(await paymentProgress(this.dataSource, txId, { username: best.hiveUsername }, reportState(best.status))),
    };
  }

  /**
   * What activating the player's free account now would do (`PlayersService.activate`'s own rule), with
   * the late fee quoted (so payable as shown for the quote's lifetime). 409 for a paid account.
   */
  async lateActivationPreview(playerId: number): Promise<LateActivationPreviewResponse> {
    const outcome = await this.players.previewActivation(this.dataSource.manager, playerId);
    const fee = await this.fees.quote('late-activation');
    return {
      feeInHive: formatDecimal(fee),
      feeUsd: LATE_ACTIVATION_FEE_USD,
      runik: fromThousandths(outcome.withdrawableAtOnce + outcome.release + outcome.staysGameOnly),
      withdrawableAtOnce: fromThousandths(outcome.withdrawableAtOnce),
      releaseUpTo: fromThousandths(outcome.release),
      releaseCap: fromThousandths(ACTIVATION_RELEASE_RUNIK),
      releasesLeftToday: fromThousandths(outcome.releasesLeftToday),
      releasedToday: fromThousandths(outcome.releasedToday),
      releaseWaiting: fromThousandths(outcome.releaseWaiting),
      staysGameOnly: fromThousandths(outcome.staysGameOnly),
    };
  }

  /** Free registration: proves the Hive account with a signed challenge; no withdrawals. */
  async registerFree(request: FreeRegistrationRequest): Promise<SessionResponse> {
    if (await this.players.findByUsername(request.hiveUsername)) throw ApiError.conflict(ErrorMessages.alreadyRegistered);
    await this.auth.assertSignedChallenge(request);
    return retryingTransaction(this.dataSource, async (manager) => {
      const player = await this.players.register(manager, request.hiveUsername, request.referrer, 'free');
      return this.sessions.start(manager, player.id, player.hiveUsername);
    });
  }

  private async chainCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.warn(`Chain call failed: ${(error as Error).message}`);
      throw ApiError.unavailable(ErrorMessages.chainUnavailable);
    }
  }
}
