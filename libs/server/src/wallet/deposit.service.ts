import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { DEPOSIT_COOLDOWN_MS, formatChainQuantity, parseDecimal, RNK_DECIMALS, RNK_SYMBOL } from '@runik/rules';
import { WalletMessages } from '@runik/contract';
import type { DepositCheckResponse, DepositInitCommand, DepositInitResponse, DepositStatusResponse } from '@runik/contract';
import { sql } from 'kysely';
import { Clock } from '../core/clock/clock';
import { db, firstRow } from '../core/database/sql';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { ApiError } from '../core/errors/api-error';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues } from '../core/queues/queues';
import { retryingTransaction } from '../core/database/transaction';
import { paymentProgress, reportState } from '../chain/chain-transfers';
import { lockPlayer } from '../players/player-lock';

/** Deposits of RNK as RUNIK: recorded by the api, confirmed and credited by the worker. */
@Injectable()
export class DepositService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a pending deposit and enqueues its confirmation. The same call repeated, even at
   * once, reports the existing deposit; the worker credits a transaction once, to its sender only,
   * with what the chain carried. A report of another amount than the recorded transfer is refused.
   */
  async init(playerId: number, { amount, txId }: DepositInitCommand): Promise<DepositInitResponse> {
    const outcome = await retryingTransaction(this.dataSource, async (manager) => {
      // One deposit decision at a time per player: the repeat check, the cooldown and the insert stay together.
      const player = await lockPlayer(manager, playerId);
      if (!player) throw new Error(`No player ${playerId}`);
      const sent = await this.recordedQuantity(txId, player.hive_username, manager);
      if (sent !== null && parseDecimal(sent, RNK_DECIMALS) !== amount)
        throw ApiError.badRequest(WalletMessages.depositAmountMismatch(formatChainQuantity(sent)));
      const existing = await this.find(playerId, txId, manager);
      if (existing) return { status: existing.status, created: null };
      // Not this transaction's own row: the chain follower takes no player lock and may record it between the two reads.
      const status = await this.statusOf(playerId, manager, txId);
      if (status.remainingMs > 0) throw new ApiError(429, WalletMessages.depositCooldown(Math.ceil(status.remainingMs / 1000)));
      // The chain follower may credit the same transaction meanwhile (it does not wait for this lock): its row wins.
      const now = this.clock.now();
      const row = await firstRow(
        manager,
        db
          .insertInto('deposits')
          .values({
            transaction_id: txId,
            player_id: playerId,
            amount_thousandths: amount,
            status: 'pending',
            created_at: now,
            updated_at: now,
          })
          .onConflict((conflict) => conflict.columns(['transaction_id', 'player_id']).doNothing())
          .returning('id'),
      );
      if (!row) return { status: (await this.find(playerId, txId, manager))!.status, created: null };
      return { status: 'pending' as const, created: row.id };
    });
    if (outcome.created !== null) {
      await enqueue(this.ledgerQueue, ledgerJobs.deposit({ id: outcome.created, transactionId: txId, playerId }, this.config));
    }
    return { status: outcome.status, transactionId: txId };
  }

  async check(playerId: number, txId: string): Promise<DepositCheckResponse> {
    const deposit = await this.find(playerId, txId);
    if (!deposit) throw ApiError.notFound(WalletMessages.depositNotFound);
    return {
      status: deposit.status,
      error: deposit.status === 'failed' ? deposit.error : null,
      ...(await paymentProgress(this.dataSource, txId, { playerId }, reportState(deposit.status))),
    };
  }

  /** The cooldown runs from the last deposit (other than `exceptTxId`); a deposit waiting for the chain blocks the next. */
  async statusOf(playerId: number, manager = this.dataSource.manager, exceptTxId?: string): Promise<DepositStatusResponse> {
    const row = await firstRow(
      manager,
      db
        .selectFrom('deposits')
        .select((eb) => [eb.fn.max('created_at').as('last'), sql<boolean | null>`bool_or(status = 'pending')`.as('processing')])
        .where('player_id', '=', playerId)
        .$if(exceptTxId !== undefined, (query) => query.where('transaction_id', '<>', exceptTxId!)),
    );
    const last = row?.last ?? null;
    const next = last ? new Date(last.getTime() + DEPOSIT_COOLDOWN_MS) : null;
    const remainingMs = next ? Math.max(0, next.getTime() - this.clock.nowMs()) : 0;
    const processing = row?.processing ?? false;
    return {
      canDeposit: remainingMs === 0 && !processing,
      remainingMs,
      nextDepositTime: next?.toISOString() ?? null,
      lastDepositTime: last?.toISOString() ?? null,
      processing,
    };
  }

  /** The RNK this player's transfer carried to the game account, once the chain follower has recorded it. */
  private async recordedQuantity(txId: string, username: string, manager: EntityManager): Promise<string | null> {
    const transfer = await firstRow(
      manager,
      db
        .selectFrom('chain_transfers')
        .select('quantity')
        .where('transaction_id', '=', txId)
        .where('sender', '=', username)
        .where('recipient', '=', this.config.GAME_ACCOUNT)
        .where('symbol', '=', RNK_SYMBOL)
        .orderBy('log_index')
        .limit(1),
    );
    return transfer?.quantity ?? null;
  }

  private async find(playerId: number, txId: string, manager = this.dataSource.manager) {
    const row = await firstRow(
      manager,
      db.selectFrom('deposits').select(['status', 'error']).where('transaction_id', '=', txId).where('player_id', '=', playerId),
    );
    return row ?? null;
  }
}
