import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DepositFailures } from '@runik/contract';
import { fromThousandths } from '@runik/rules';
import { IncomingTransfer, PaymentMatch, UnmatchedReasons } from '../chain/chain-transfers';
import { awaitEngine, engineProcessed, unmatchedReason } from '../chain/engine-wait';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { HiveNodeClient } from '../chain/hive-node.client';
import { matchPayment, recordedPayment, reportedPayment } from '../chain/payment-matcher';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { LedgerService } from '../ledger/ledger.service';
import { Notifier } from '../notifications/notifier';
import { JobHandler } from '../core/queues/job-handlers';
import { LedgerJobs, Queues, RetryLater } from '../core/queues/queues';
import type { ConfirmDepositJob } from '../core/queues/queues';

interface PendingDeposit {
  id: string;
  transaction_id: string;
  player_id: string;
  hive_username: string;
  amount_thousandths: string;
  status: string;
}

/**
 * Deposits (worker only). The chain decides: every RNK transfer to the game account that the chain
 * follower records is credited to its sender, once, whatever the client reported and whatever the
 * cooldown says. A client's report only waits for that and tells the reporter when its transaction
 * is not its own RNK transfer to the game.
 */
@Injectable()
export class DepositJobs {
  private readonly logger = new Logger(DepositJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly hiveNode: HiveNodeClient,
    private readonly ledger: LedgerService,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  /**
   * A reported deposit: fails it when its transaction is not the reporter's RNK transfer to the game
   * (or is still unknown on its last attempt, to the Hive node too), otherwise waits until the follower
   * has credited it.
   */
  @JobHandler(Queues.ledger, LedgerJobs.confirmDeposit)
  async confirmDeposit({ depositId }: ConfirmDepositJob, lastAttempt: boolean): Promise<void> {
    const deposit = await this.pending(depositId);
    if (!deposit) return;
    const transaction = await this.hiveEngine.transactionInfo(deposit.transaction_id);
    if (!transaction)
      return awaitEngine({ db: this.dataSource, hiveNode: this.hiveNode, now: this.clock.now() }, deposit.transaction_id, lastAttempt, () =>
        this.fail(depositId, DepositFailures.notFound),
      );
    await engineProcessed(this.dataSource, deposit.transaction_id);
    const verdict = matchPayment(reportedPayment(transaction), {
      kind: 'deposit',
      gameAccount: this.config.GAME_ACCOUNT,
      payer: deposit.hive_username,
    });
    if ('mismatch' in verdict) return this.fail(depositId, verdict.reason);
    const unmatched = await unmatchedReason(this.dataSource, deposit.transaction_id);
    if (unmatched) return this.fail(depositId, unmatched);
    throw new RetryLater(`Deposit ${depositId} waits for the chain follower to reach block ${transaction.blockNumber}`);
  }

  /**
   * Credits a recorded RNK transfer to its sender's deposit (made if the client never reported it,
   * brought to the amount the chain carried if it reported another), in the caller's transaction.
   */
  async credit(manager: EntityManager, transfer: IncomingTransfer): Promise<PaymentMatch> {
    const verdict = matchPayment(recordedPayment(transfer), { kind: 'deposit', gameAccount: this.config.GAME_ACCOUNT });
    if ('mismatch' in verdict) return { unmatched: verdict.reason };
    const amount = verdict.paidThousandths;
    const [player]: { id: string }[] = await manager.query(`SELECT id FROM players WHERE hive_username = $1`, [transfer.sender]);
    if (!player) return { unmatched: UnmatchedReasons.rnkFromStranger };
    const now = this.clock.now();
    const [deposit]: { id: string }[] = await manager.query(
      `INSERT INTO deposits (transaction_id, player_id, amount_thousandths, status, created_at, updated_at)
       VALUES ($1, $2, $3, 'completed', $4, $4)
       ON CONFLICT (transaction_id, player_id) DO UPDATE
         SET status = 'completed', amount_thousandths = EXCLUDED.amount_thousandths, error = NULL, updated_at = EXCLUDED.updated_at
         WHERE deposits.status <> 'completed'
       RETURNING id`,
      [transfer.transaction_id, player.id, amount, now],
    );
    if (!deposit) return this.completedBefore(manager, transfer, player.id);
    await this.ledger.post(manager, {
      reason: 'deposit',
      reference: transfer.transaction_id,
      legs: [
        { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -amount },
        { account: { playerId: Number(player.id) }, asset: 'runik', delta: amount },
      ],
    });
    await this.notifier.notify(manager, Number(player.id), 'deposit-credited', `deposit:${deposit.id}`, {
      depositId: Number(deposit.id),
      amount: fromThousandths(amount),
      transactionId: transfer.transaction_id,
    });
    this.logger.log(`Deposit ${deposit.id} completed: ${transfer.quantity} RNK from ${transfer.sender}`);
    return { matched: `deposit:${deposit.id}` };
  }

  /** The sender's deposit of this transaction was credited before the follower existed: nothing more to do. */
  private async completedBefore(manager: EntityManager, transfer: IncomingTransfer, playerId: string): Promise<PaymentMatch> {
    const [deposit]: { id: string }[] = await manager.query(`SELECT id FROM deposits WHERE transaction_id = $1 AND player_id = $2`, [
      transfer.transaction_id,
      playerId,
    ]);
    return { matched: `deposit:${deposit.id}` };
  }

  /** Fails a deposit still pending; one the follower credited meanwhile stays credited. */
  private async fail(depositId: number, error: string): Promise<void> {
    await this.dataSource.query(`UPDATE deposits SET status = 'failed', error = $2, updated_at = $3 WHERE id = $1 AND status = 'pending'`, [
      depositId,
      error,
      this.clock.now(),
    ]);
    this.logger.log(`Deposit ${depositId} failed: ${error}`);
  }

  private async pending(depositId: number): Promise<PendingDeposit | null> {
    const [deposit]: PendingDeposit[] = await this.dataSource.query(
      `SELECT d.*, p.hive_username FROM deposits d JOIN players p ON p.id = d.player_id WHERE d.id = $1`,
      [depositId],
    );
    return deposit?.status === 'pending' ? deposit : null;
  }
}
