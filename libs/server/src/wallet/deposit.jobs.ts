import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DepositFailures } from '@runik/contract';
import { parseDecimal, RNK_DECIMALS, RNK_SYMBOL } from '@runik/rules';
import { EngineTransaction, HiveEngineClient, parseEngineLogs } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import { isUniqueViolation } from '../core/database/pg-errors';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { LedgerService } from '../ledger/ledger.service';
import { RetryLater } from '../core/queues/queues';

interface PendingDeposit {
  id: string;
  transaction_id: string;
  player_id: string;
  hive_username: string;
  amount_thousandths: string;
  status: string;
}

/**
 * Confirms deposits against Hive Engine (worker only) and credits RUNIK exactly once: the
 * credit and the status change share one transaction on the locked deposit row.
 */
@Injectable()
export class DepositJobs {
  private readonly logger = new Logger(DepositJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveEngine: HiveEngineClient,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** `lastAttempt`: give up instead of waiting again when the transaction is still unknown. */
  async confirmDeposit(depositId: number, lastAttempt: boolean): Promise<void> {
    const deposit = await this.pending(depositId);
    if (!deposit) return;
    const transaction = await this.hiveEngine.transactionInfo(deposit.transaction_id);
    if (!transaction) {
      if (lastAttempt) return this.settle(depositId, 'failed', DepositFailures.notFound);
      throw new RetryLater(`Deposit transaction ${deposit.transaction_id} not processed yet`);
    }
    const problem = this.checkTransfer(deposit, transaction);
    return this.settle(depositId, problem ? 'failed' : 'completed', problem);
  }

  /** Why a transaction cannot be this deposit, or null when it is exactly it. */
  private checkTransfer(deposit: PendingDeposit, transaction: EngineTransaction): string | null {
    const logs = parseEngineLogs(transaction.logs);
    if (logs.errors?.length) return DepositFailures.failed;
    if (transaction.contract !== 'tokens' || transaction.action !== 'transfer') return DepositFailures.notTransfer;
    const transfer = logs.events?.find((event) => event.contract === 'tokens' && event.event === 'transfer')?.data;
    if (!transfer) return DepositFailures.notTransfer;
    if (transfer.from !== deposit.hive_username || transaction.sender !== deposit.hive_username) return DepositFailures.wrongSender;
    if (transfer.to !== this.config.GAME_ACCOUNT) return DepositFailures.wrongRecipient;
    if (transfer.symbol !== RNK_SYMBOL) return DepositFailures.wrongSymbol;
    const quantity = typeof transfer.quantity === 'string' ? parseDecimal(transfer.quantity, RNK_DECIMALS) : null;
    if (quantity !== Number(deposit.amount_thousandths)) return DepositFailures.wrongQuantity;
    return null;
  }

  private async settle(depositId: number, status: 'completed' | 'failed', error: string | null): Promise<void> {
    try {
      await this.record(depositId, status, error);
    } catch (failure) {
      // The partial unique index: this transaction was already credited to a deposit.
      if (!isUniqueViolation(failure)) throw failure;
      await this.record(depositId, 'failed', DepositFailures.alreadyCredited);
    }
  }

  private async record(depositId: number, status: 'completed' | 'failed', error: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Settles the deposit only while it is pending, holding its row: of two workers on the same
      // deposit the second waits, then matches nothing. Status first: the unique index refuses a
      // second credit of the same transaction before any posting. (In a CTE so TypeORM hands back
      // plain rows for an UPDATE.)
      const [deposit]: PendingDeposit[] = await manager.query(
        `WITH settled AS (UPDATE deposits SET status = $2, error = $3, updated_at = $4 WHERE id = $1 AND status = 'pending' RETURNING *)
         SELECT * FROM settled`,
        [depositId, status, error, this.clock.now()],
      );
      if (!deposit) return;
      if (status === 'completed') {
        const amount = Number(deposit.amount_thousandths);
        await this.ledger.post(manager, {
          reason: 'deposit',
          reference: deposit.transaction_id,
          legs: [
            { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -amount },
            { account: { playerId: Number(deposit.player_id) }, asset: 'runik', delta: amount },
          ],
        });
      }
    });
    this.logger.log(`Deposit ${depositId} ${status}${error ? `: ${error}` : ''}`);
  }

  private async pending(depositId: number): Promise<PendingDeposit | null> {
    const [deposit]: PendingDeposit[] = await this.dataSource.query(
      `SELECT d.*, p.hive_username FROM deposits d JOIN players p ON p.id = d.player_id WHERE d.id = $1`,
      [depositId],
    );
    return deposit?.status === 'pending' ? deposit : null;
  }
}
