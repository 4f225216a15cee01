import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { chainTransfersQuerySchema } from '@runik/contract';
import type { ChainTransfersQuery, ChainTransfersResponse, ChainTransferView } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { Public } from '../auth/session.guard';
import { ZodPipe } from '../core/validation/zod.pipe';
import { followedBlock } from './chain-follower';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator';
import { withNotes } from './transfer-notes';

/**
 * GET /api/admin/chain/transfers: an ops route (the ops credentials are checked on every /api/admin path). Each
 * transfer that paid for nothing says why it is not sent back yet, or kept (`note`, `heldUntil`).
 */
@Public()
@NoRateLimit()
@Controller('admin/chain')
export class ChainTransfersController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  @Get('transfers')
  @ApiExcludeEndpoint()
  async list(@Query(new ZodPipe(chainTransfersQuerySchema)) { status, limit }: ChainTransfersQuery): Promise<ChainTransfersResponse> {
    const listed: Omit<ChainTransferView, 'note' | 'heldUntil'>[] = await this.dataSource.query(
      `SELECT transaction_id AS "transactionId", log_index AS "logIndex", block_number::int AS "blockNumber", block_time AS "blockTime",
              sender, recipient, symbol, quantity, memo, status, matched, reason, refund_transaction_id AS "refundTransactionId"
         FROM chain_transfers WHERE $1::varchar IS NULL OR status = $1
        ORDER BY block_number DESC, transaction_id, log_index LIMIT $2`,
      [status ?? null, limit],
    );
    const transfers = await withNotes(this.dataSource.manager, listed, this.clock.nowMs(), this.config.REFUND_COUNT_WINDOW_MS);
    return { followedBlock: await followedBlock(this.dataSource.manager), transfers };
  }
}
