import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { formatCountdown, formatRunik, fromThousandths, WITHDRAW_COOLDOWN_MS } from '@runik/rules';
import { CityMessages, WalletMessages } from '@runik/contract';
import type { WithdrawResponse, WithdrawStatusResponse } from '@runik/contract';
import { resourcesDto } from '../city/city-state';
import { Clock } from '../core/clock/clock';
import { ApiError } from '../core/errors/api-error';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues } from '../core/queues/queues';
import { LedgerService } from '../ledger/ledger.service';

/** Withdrawals of RUNIK as RNK: debited at once, sent by the worker, refunded if the chain refuses. */
@Injectable()
export class WithdrawService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** Debit, record and start the cooldown in one transaction; the worker sends afterwards. */
  async withdraw(playerId: number, amount: number): Promise<WithdrawResponse> {
    const { withdrawalId, next, balances } = await this.dataSource.transaction(async (manager) => {
      const [player]: { activation: string }[] = await manager.query(`SELECT activation FROM players WHERE id = $1 FOR NO KEY UPDATE`, [playerId]);
      if (player.activation !== 'paid') throw ApiError.forbidden(WalletMessages.withdrawalsDisabled);
      const status = await this.statusOf(playerId, manager);
      if (status.remainingMs > 0) throw new ApiError(429, WalletMessages.withdrawCooldown(formatCountdown(status.remainingMs)));
      const held = (await this.ledger.balancesOf(manager, playerId)).runik;
      if (amount > held) throw ApiError.badRequest(CityMessages.notEnoughRunik(formatRunik(amount), formatRunik(held)));

      const now = this.clock.now();
      const [row]: { id: string }[] = await manager.query(
        `INSERT INTO withdrawals (player_id, amount_thousandths, status, created_at, updated_at) VALUES ($1, $2, 'pending', $3, $3) RETURNING id`,
        [playerId, amount, now],
      );
      await this.ledger.post(manager, {
        reason: 'withdrawal',
        reference: `withdrawal:${row.id}`,
        legs: [
          { account: { playerId }, asset: 'runik', delta: -amount },
          { account: { system: 'external:hive-engine' }, asset: 'runik', delta: amount },
        ],
      });
      return { withdrawalId: Number(row.id), next: new Date(now.getTime() + WITHDRAW_COOLDOWN_MS), balances: await this.ledger.balancesOf(manager, playerId) };
    });
    await enqueue(this.ledgerQueue, ledgerJobs.withdrawal(withdrawalId));
    return { status: 'pending', transactionId: null, nextWithdrawalTime: next.toISOString(), resources: resourcesDto(balances), amount: fromThousandths(amount) };
  }

  /** The 8-hour cooldown runs from the last withdrawal that was not refunded. */
  async statusOf(playerId: number, manager: EntityManager = this.dataSource.manager): Promise<WithdrawStatusResponse> {
    const [row]: { last: Date | null; paid: boolean }[] = await manager.query(
      `SELECT (SELECT max(created_at) FROM withdrawals WHERE player_id = $1 AND status <> 'refunded') AS last,
              (SELECT activation = 'paid' FROM players WHERE id = $1) AS paid`,
      [playerId],
    );
    const last = row.last;
    const next = last ? new Date(last.getTime() + WITHDRAW_COOLDOWN_MS) : null;
    const remainingMs = next ? Math.max(0, next.getTime() - this.clock.nowMs()) : 0;
    return {
      canWithdraw: row.paid && remainingMs === 0,
      remainingMs,
      nextWithdrawalTime: next?.toISOString() ?? null,
      lastWithdrawalTime: last?.toISOString() ?? null,
    };
  }
}
