import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { formatDecimal, fromThousandths, RNK_DECIMALS, RNK_SYMBOL } from '@runik/rules';
import type { WithdrawalStatus } from '@runik/contract';
import { GameAccountTransfers } from '../chain/game-account-transfers';
import { Clock } from '../core/clock/clock';
import { LedgerService } from '../ledger/ledger.service';
import { Notifier } from '../notifications/notifier';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues, RetryLater } from '../core/queues/queues';
import type { SendWithdrawalJob } from '../core/queues/queues';
import { retryingTransaction } from '../core/database/transaction';

interface WithdrawalRow {
  id: string;
  player_id: string;
  hive_username: string;
  amount_thousandths: string;
  status: WithdrawalStatus;
  transaction_id: string | null;
  expires_at: Date | null;
}

/**
 * How many withdrawals sign a transfer as soon as they get one of the game account's custom_json
 * slots (not sent yet, or sent and expired): refunds leave them that many of each block's slots.
 * `now`: the machine's time (an expiration is the chain's time, which the game clock does not move).
 */
export async function withdrawalsAwaitingSlot(db: Pick<DataSource, 'query'>, now: Date): Promise<number> {
  const [{ count }]: { count: number }[] = await db.query(
    `SELECT count(*)::int AS count FROM withdrawals WHERE status = 'pending' OR (status = 'sent' AND expires_at < $1)`,
    [now],
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
        quantity: formatDecimal(Number(withdrawal.amount_thousandths), RNK_DECIMALS),
        memo: `runik-withdrawal:${withdrawal.id}`,
      },
      async (prepared) => {
        const [, changed] = await this.dataSource.query(
          `UPDATE withdrawals SET status = 'sent', transaction_id = $2, expires_at = $3, updated_at = $4
            WHERE id = $1 AND status IN ('pending', 'sent') AND transaction_id IS NOT DISTINCT FROM $5`,
          [withdrawal.id, prepared.id, prepared.expiresAt, this.clock.now(), withdrawal.transaction_id],
        );
        return changed === 1;
      },
    );
    throw new RetryLater(
      sent ? `Withdrawal ${withdrawalId} sent, awaiting Hive Engine` : `Withdrawal ${withdrawalId} waits for a free custom_json slot`,
    );
  }

  private async finish(withdrawalId: number): Promise<void> {
    await retryingTransaction(this.dataSource, async (manager) => {
      // (An UPDATE answers [rows, count]; a sent withdrawal has its transfer's id.)
      const [[row]]: [{ player_id: string; amount_thousandths: string; transaction_id: string }[], number] = await manager.query(
        `UPDATE withdrawals SET status = 'completed', error = NULL, updated_at = $2 WHERE id = $1 AND status = 'sent'
         RETURNING player_id, amount_thousandths, transaction_id`,
        [withdrawalId, this.clock.now()],
      );
      if (!row) return;
      await this.notifier.notify(manager, Number(row.player_id), 'withdrawal-sent', `withdrawal:${withdrawalId}`, {
        withdrawalId,
        amount: fromThousandths(Number(row.amount_thousandths)),
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
      const [row]: WithdrawalRow[] = await manager.query(`SELECT * FROM withdrawals WHERE id = $1 FOR UPDATE`, [withdrawalId]);
      if (!row || row.status === 'completed' || row.status === 'refunded') return;
      await manager.query(`UPDATE withdrawals SET status = 'refunded', error = $2, updated_at = $3 WHERE id = $1`, [
        withdrawalId,
        reason,
        this.clock.now(),
      ]);
      const amount = Number(row.amount_thousandths);
      await this.ledger.post(manager, {
        reason: 'withdrawal-refund',
        reference: `withdrawal:${withdrawalId}`,
        legs: [
          { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -amount },
          { account: { playerId: Number(row.player_id) }, asset: 'runik', delta: amount },
        ],
      });
      await this.notifier.notify(manager, Number(row.player_id), 'withdrawal-refunded', `withdrawal:${withdrawalId}`, {
        withdrawalId,
        amount: fromThousandths(amount),
        reason,
      });
    });
    this.logger.warn(`Withdrawal ${withdrawalId} refunded: ${reason}`);
    throw new UnrecoverableError(`Withdrawal ${withdrawalId} refunded: ${reason}`);
  }

  private async load(withdrawalId: number): Promise<WithdrawalRow | null> {
    const [row]: WithdrawalRow[] = await this.dataSource.query(
      `SELECT w.*, p.hive_username FROM withdrawals w JOIN players p ON p.id = w.player_id WHERE w.id = $1`,
      [withdrawalId],
    );
    return row ?? null;
  }
}
