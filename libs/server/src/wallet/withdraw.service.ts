import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { formatCountdown, formatRunik, fromThousandths, WITHDRAW_COOLDOWN_MS } from '@runik/rules';
import { CityMessages, WalletMessages } from '@runik/contract';
import type { WithdrawResponse, WithdrawStatusResponse } from '@runik/contract';
import { resourcesDto } from '../city/city-state';
import { sql } from 'kysely';
import { Clock } from '../core/clock/clock';
import { db, rows } from '../core/database/sql';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ApiError } from '../core/errors/api-error';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues } from '../core/queues/queues';
import { LedgerService } from '../ledger/ledger.service';
import { WithdrawalGuardRails } from './withdrawal-guard-rails';
import { retryingTransaction } from '../core/database/transaction';
import { lockPlayer } from '../players/player-lock';

/** Withdrawals of RUNIK as RNK: debited at once, sent by the worker (within the operators' guard rails), refunded if the chain refuses. */
@Injectable()
export class WithdrawService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    private readonly ledger: LedgerService,
    private readonly guardRails: WithdrawalGuardRails,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Debit, record and start the cooldown in one transaction; the worker sends afterwards, at once, or
   * once the game account's RNK covers it when the coverage floor makes it wait in line (`queued`).
   */
  async withdraw(playerId: number, amount: number): Promise<WithdrawResponse> {
    const treasuryRnk = await this.guardRails.treasuryForFloor();
    const { withdrawalId, status, next, balances, queued, queueReason } = await retryingTransaction(this.dataSource, async (manager) => {
      const player = await lockPlayer(manager, playerId);
      if (player?.activation !== 'paid') throw ApiError.forbidden(WalletMessages.withdrawalsDisabled);
      // The caps first: a player who used up the day learns when it resets rather than the cooldown.
      await this.guardRails.checkCaps(manager, playerId, amount);
      const cooldown = await this.cooldownOf(manager, playerId);
      if (cooldown.remainingMs > 0) throw new ApiError(429, WalletMessages.withdrawCooldown(formatCountdown(cooldown.remainingMs)));
      const held = (await this.ledger.balancesOf(manager, playerId)).runik;
      if (amount > held) throw ApiError.badRequest(CityMessages.notEnoughRunik(formatRunik(amount), formatRunik(held)));
      const withdrawable = await this.ledger.withdrawableOf(manager, playerId);
      if (amount > withdrawable)
        throw ApiError.badRequest(WalletMessages.lockedRunik(formatRunik(withdrawable), formatRunik(held - withdrawable)));

      const status = await this.guardRails.placeInLine(manager, playerId, amount, treasuryRnk);
      const now = this.clock.now();
      const [row] = await rows(
        manager,
        db
          .insertInto('withdrawals')
          .values({
            player_id: playerId,
            amount_thousandths: amount,
            status,
            created_at: now,
            updated_at: now,
            released_at: status === 'queued' ? null : now,
          })
          .returning('id'),
      );
      await this.ledger.post(manager, {
        reason: 'withdrawal',
        reference: `withdrawal:${row.id}`,
        spendsWithdrawable: true,
        legs: [
          { account: { playerId }, asset: 'runik', delta: -amount },
          { account: { system: 'external:hive-engine' }, asset: 'runik', delta: amount },
        ],
      });
      const withdrawalId = row.id;
      const queued =
        status === 'queued'
          ? ((await this.guardRails.queuedOf(manager, playerId)).find((entry) => entry.withdrawalId === withdrawalId) ?? null)
          : null;
      const queueReason = queued ? await this.guardRails.queueReason(manager) : null;
      return {
        withdrawalId,
        status,
        queued,
        queueReason,
        next: new Date(now.getTime() + WITHDRAW_COOLDOWN_MS),
        balances: await this.ledger.balancesOf(manager, playerId),
      };
    });
    // A queued withdrawal is let go by the worker's release tick (WithdrawalGuardRails.releaseQueued).
    if (status === 'pending') await enqueue(this.ledgerQueue, ledgerJobs.withdrawal(withdrawalId, this.config));
    return {
      status,
      transactionId: null,
      nextWithdrawalTime: next.toISOString(),
      resources: resourcesDto(balances),
      amount: fromThousandths(amount),
      queued,
      queueReason,
    };
  }

  /** The cooldown, the daily caps left and the player's withdrawals waiting in line. */
  async statusOf(playerId: number): Promise<WithdrawStatusResponse> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const cooldown = await this.cooldownOf(manager, playerId);
      const limits = await this.guardRails.limitsOf(manager, playerId);
      const queued = await this.guardRails.queuedOf(manager, playerId);
      // The game's cap does not stop a withdrawal (it waits in line), the account's does.
      const capLeft = limits.accountRemaining !== 0;
      return {
        canWithdraw: cooldown.paid && cooldown.remainingMs === 0 && capLeft,
        remainingMs: cooldown.remainingMs,
        nextWithdrawalTime: cooldown.next?.toISOString() ?? null,
        lastWithdrawalTime: cooldown.last?.toISOString() ?? null,
        limits,
        queued,
        queueReason: queued.length > 0 ? await this.guardRails.queueReason(manager) : null,
        withdrawableRunik: cooldown.paid ? fromThousandths(await this.ledger.withdrawableOf(manager, playerId)) : 0,
      };
    });
  }

  /** The 8-hour cooldown runs from the last withdrawal that was not refunded (a queued one counts: it is debited). */
  private async cooldownOf(
    manager: EntityManager,
    playerId: number,
  ): Promise<{ paid: boolean; last: Date | null; next: Date | null; remainingMs: number }> {
    const [row] = await rows(
      manager,
      db.selectNoFrom((eb) => [
        eb
          .selectFrom('withdrawals')
          .select((inner) => inner.fn.max('created_at').as('created_at'))
          .where('player_id', '=', playerId)
          .where('status', '<>', 'refunded')
          .as('last'),
        eb
          .selectFrom('players')
          .select(sql<boolean>`activation = 'paid'`.as('paid'))
          .where('id', '=', playerId)
          .as('paid'),
      ]),
    );
    const last = row.last ?? null;
    const next = last ? new Date(last.getTime() + WITHDRAW_COOLDOWN_MS) : null;
    return { paid: row.paid === true, last, next, remainingMs: next ? Math.max(0, next.getTime() - this.clock.nowMs()) : 0 };
  }
}
