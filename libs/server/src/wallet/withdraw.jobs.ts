import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { formatDecimal, fromThousandths, RNK_DECIMALS, RNK_SYMBOL } from '@runik/rules';
import { GameAccountTransfers } from '../chain/game-account-transfers';
import { Clock } from '../core/clock/clock';
import { LedgerService } from '../ledger/ledger.service';
import { Notifier } from '../notifications/notifier';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues, RetryLater } from '../core/queues/queues';
import type { SendWithdrawalJob } from '../core/queues/queues';
import { retryingTransaction } from '../core/database/transaction';
import { db, firstRow, rows } from '../core/database/sql';

/**
 * How many withdrawals sign a transfer as soon as they get one of the game account's custom_json
 * slots (not sent yet, or sent and expired): refunds leave them that many of each block's slots.
 * `now`: the machine's time (an expiration is the chain's time, which the game clock does not move).
 */
export async function withdrawalsAwaitingSlot(dataSource: DataSource, now: Date): Promise<number> {
  const [{ count }] = await rows(
    dataSource.manager,
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sent'), eb('expires_at', '<', now)])])),
  );
  return count;
}

/**
 * Sends withdrawals as RNK from the game account (worker only), never twice (GameAccountTransfers:
 * the transfer's id is committed before it is broadcast, and only one the Hive node says expired
 * outside any block is signed again). A transfer Hive Engine refused is refunded.
 */
@Injectable()
export class WithdrawJobs {
  private readonly logger = new Logger(WithdrawJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transfers: GameAccountTransfers,
    private readonly ledger: LedgerService,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  @JobHandler(Queues.ledger, LedgerJobs.sendWithdrawal)
  async sendWithdrawal({ withdrawalId }: SendWithdrawalJob, lastAttempt: boolean): Promise<void> {
    const withdrawal = await this.load(withdrawalId);
    // A queued withdrawal waits for WithdrawalGuardRails.releaseQueued, which makes it pending and enqueues it again.
    if (!withdrawal || withdrawal.status === 'queued' || withdrawal.status === 'completed' || withdrawal.status === 'refunded') return;

    if (withdrawal.status === 'sent' && withdrawal.transaction_id) {
      const sent = await this.transfers.follow(withdrawal.transaction_id, withdrawal.expires_at!, this.clock.machineNowMs());
      if (sent.state === 'done') return this.finish(withdrawalId);
      if (sent.state === 'failed') return this.refund(withdrawalId, `Transfer failed on Hive Engine: ${sent.errors.join('; ')}`);
      if (sent.state === 'waiting') throw new RetryLater(`Withdrawal ${withdrawalId} awaits ${withdrawal.transaction_id}`);
      if (lastAttempt) return this.refund(withdrawalId, 'Transfer could not be sent');
    }
    const sent = await this.transfers.send(
      {
        symbol: RNK_SYMBOL,
        to: withdrawal.hive_username,
        quantity: formatDecimal(withdrawal.amount_thousandths, RNK_DECIMALS),
        memo: `runik-withdrawal:${withdrawal.id}`,
      },
      async (prepared) => {
        const changed = await rows(
          this.dataSource.manager,
          db
            .updateTable('withdrawals')
            .set({ status: 'sent', transaction_id: prepared.id, expires_at: prepared.expiresAt, updated_at: this.clock.now() })
            .where('id', '=', withdrawal.id)
            .where('status', 'in', ['pending', 'sent'])
            .where('transaction_id', 'is not distinct from', withdrawal.transaction_id)
            .returning('id'),
        );
        return changed.length === 1;
      },
    );
    throw new RetryLater(
      sent ? `Withdrawal ${withdrawalId} sent, awaiting Hive Engine` : `Withdrawal ${withdrawalId} waits for a free custom_json slot`,
    );
  }

  private async finish(withdrawalId: number): Promise<void> {
    await retryingTransaction(this.dataSource, async (manager) => {
      const row = await firstRow(
        manager,
        db
          .updateTable('withdrawals')
          .set({ status: 'completed', error: null, updated_at: this.clock.now() })
          .where('id', '=', withdrawalId)
          .where('status', '=', 'sent')
          .returning(['player_id', 'amount_thousandths', 'transaction_id'])
          // A sent withdrawal has its transfer's id.
          .$narrowType<{ transaction_id: string }>(),
      );
      if (!row) return;
      await this.notifier.notify(manager, row.player_id, 'withdrawal-sent', `withdrawal:${withdrawalId}`, {
        withdrawalId,
        amount: fromThousandths(row.amount_thousandths),
        transactionId: row.transaction_id,
      });
    });
    this.logger.log(`Withdrawal ${withdrawalId} completed`);
  }

  /**
   * Gives the RUNIK back, once: the status change and the posting share one transaction. The job
   * then fails for good, so the withdrawal shows in Bull Board with its reason as well as in its row.
   */
  private async refund(withdrawalId: number, reason: string): Promise<never> {
    await retryingTransaction(this.dataSource, async (manager) => {
      const row = await firstRow(
        manager,
        db.selectFrom('withdrawals').select(['status', 'player_id', 'amount_thousandths']).where('id', '=', withdrawalId).forUpdate(),
      );
      if (!row || row.status === 'completed' || row.status === 'refunded') return;
      await rows(
        manager,
        db
          .updateTable('withdrawals')
          .set({ status: 'refunded', error: reason, updated_at: this.clock.now() })
          .where('id', '=', withdrawalId),
      );
      const amount = row.amount_thousandths;
      await this.ledger.post(manager, {
        reason: 'withdrawal-refund',
        reference: `withdrawal:${withdrawalId}`,
        legs: [
          { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -amount },
          { account: { playerId: row.player_id }, asset: 'runik', delta: amount },
        ],
      });
      await this.notifier.notify(manager, row.player_id, 'withdrawal-refunded', `withdrawal:${withdrawalId}`, {
        withdrawalId,
        amount: fromThousandths(amount),
        reason,
      });
    });
    this.logger.warn(`Withdrawal ${withdrawalId} refunded: ${reason}`);
    throw new UnrecoverableError(`Withdrawal ${withdrawalId} refunded: ${reason}`);
  }

  private load(withdrawalId: number) {
    return firstRow(
      this.dataSource.manager,
      db
        .selectFrom('withdrawals as w')
        .innerJoin('players as p', 'p.id', 'w.player_id')
        .select(['w.id', 'w.amount_thousandths', 'w.status', 'w.transaction_id', 'w.expires_at', 'p.hive_username'])
        .where('w.id', '=', withdrawalId),
    );
  }
}
