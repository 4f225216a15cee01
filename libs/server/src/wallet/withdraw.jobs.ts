import type { PrivateKey } from '@hiveio/dhive';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { formatDecimal, RNK_DECIMALS, RNK_SYMBOL } from '@runik/rules';
import { HiveEngineClient, parseEngineLogs } from '../chain/hive-engine.client';
import { HiveNodeClient } from '../chain/hive-node.client';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { LedgerService } from '../ledger/ledger.service';
import { gameAccountActiveKey } from './game-account-key';
import { RetryLater } from '../core/queues/queues';

interface WithdrawalRow {
  id: string;
  player_id: string;
  hive_username: string;
  amount_thousandths: string;
  status: 'pending' | 'sent' | 'completed' | 'refunded';
  transaction_id: string | null;
  expires_at: Date | null;
}

/**
 * Sends withdrawals as RNK from the game account (worker only), never twice: the signed
 * transfer's id is committed before it is broadcast, and a retry first asks Hive Engine for
 * it; only a transfer that expired unseen is signed again. A refused transfer is refunded.
 */
@Injectable()
export class WithdrawJobs {
  private readonly logger = new Logger(WithdrawJobs.name);
  /** Read at start, so a production worker without its key refuses to start instead of failing each withdrawal. */
  private readonly signingKey: PrivateKey;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hiveNode: HiveNodeClient,
    private readonly hiveEngine: HiveEngineClient,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {
    this.signingKey = gameAccountActiveKey(config);
  }

  async sendWithdrawal(withdrawalId: number, lastAttempt: boolean): Promise<void> {
    const withdrawal = await this.load(withdrawalId);
    if (!withdrawal || withdrawal.status === 'completed' || withdrawal.status === 'refunded') return;

    if (withdrawal.status === 'sent' && withdrawal.transaction_id) {
      const transaction = await this.hiveEngine.transactionInfo(withdrawal.transaction_id);
      if (transaction) {
        const errors = parseEngineLogs(transaction.logs).errors;
        return errors?.length ? this.refund(withdrawalId, `Transfer failed on Hive Engine: ${errors.join('; ')}`) : this.finish(withdrawalId);
      }
      // Not seen on Hive Engine well after its expiry: it never made it into a block.
      const expired = this.clock.nowMs() > withdrawal.expires_at!.getTime() + this.config.WITHDRAWAL_RESEND_GRACE_MS;
      if (!expired) throw new RetryLater(`Withdrawal ${withdrawalId} awaits ${withdrawal.transaction_id}`);
      if (lastAttempt) return this.refund(withdrawalId, 'Transfer could not be sent');
    }
    await this.signAndBroadcast(withdrawal);
    throw new RetryLater(`Withdrawal ${withdrawalId} sent, awaiting Hive Engine`);
  }

  private async signAndBroadcast(withdrawal: WithdrawalRow): Promise<void> {
    const json = JSON.stringify({
      contractName: 'tokens',
      contractAction: 'transfer',
      contractPayload: {
        symbol: RNK_SYMBOL,
        to: withdrawal.hive_username,
        quantity: formatDecimal(Number(withdrawal.amount_thousandths), RNK_DECIMALS),
        memo: `runik-withdrawal:${withdrawal.id}`,
      },
    });
    const prepared = await this.hiveNode.prepare(
      [['custom_json', { id: 'ssc-mainnet-hive', required_auths: [this.config.GAME_ACCOUNT], required_posting_auths: [], json }]],
      this.signingKey,
    );
    // Recorded before it leaves: whatever happens next, a retry knows which transfer to look for.
    const [, changed] = await this.dataSource.query(
      `UPDATE withdrawals SET status = 'sent', transaction_id = $2, expires_at = $3, updated_at = $4
        WHERE id = $1 AND status IN ('pending', 'sent') AND transaction_id IS NOT DISTINCT FROM $5`,
      [withdrawal.id, prepared.id, prepared.expiresAt, this.clock.now(), withdrawal.transaction_id],
    );
    if (changed !== 1) return;
    await this.hiveNode.broadcast(prepared.signed).catch((error: Error) => {
      // Not definite: the node may still have taken it. The next attempt looks for it on Hive Engine.
      this.logger.warn(`Broadcast of withdrawal ${withdrawal.id} failed: ${error.message}`);
    });
  }

  private async finish(withdrawalId: number): Promise<void> {
    await this.dataSource.query(`UPDATE withdrawals SET status = 'completed', error = NULL, updated_at = $2 WHERE id = $1 AND status = 'sent'`, [
      withdrawalId,
      this.clock.now(),
    ]);
    this.logger.log(`Withdrawal ${withdrawalId} completed`);
  }

  /**
   * Gives the RUNIK back, once: the status change and the posting share one transaction. The job
   * then fails for good, so the withdrawal shows in Bull Board with its reason as well as in its row.
   */
  private async refund(withdrawalId: number, reason: string): Promise<never> {
    await this.dataSource.transaction(async (manager) => {
      const [row]: WithdrawalRow[] = await manager.query(`SELECT * FROM withdrawals WHERE id = $1 FOR UPDATE`, [withdrawalId]);
      if (!row || row.status === 'completed' || row.status === 'refunded') return;
      await manager.query(`UPDATE withdrawals SET status = 'refunded', error = $2, updated_at = $3 WHERE id = $1`, [withdrawalId, reason, this.clock.now()]);
      const amount = Number(row.amount_thousandths);
      await this.ledger.post(manager, {
        reason: 'withdrawal-refund',
        reference: `withdrawal:${withdrawalId}`,
        legs: [
          { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -amount },
          { account: { playerId: Number(row.player_id) }, asset: 'runik', delta: amount },
        ],
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
