import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { chainTransfersQuerySchema } from '@runik/contract';
import type { ChainTransfersQuery, ChainTransfersResponse, ChainTransferStatus } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { Public } from '../auth/session.guard';
import { ZodPipe } from '../core/validation/zod.pipe';
import { followedBlock } from './chain-follower';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator';
import { withNotes } from './transfer-notes';
import { db, rows } from '../core/database/sql';

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
    let query = db
      .selectFrom('chain_transfers')
      .select([
        'transaction_id as transactionId',
        'log_index as logIndex',
        'block_number as blockNumber',
        'block_time as blockTime',
        'sender',
        'recipient',
        'symbol',
        'quantity',
        'memo',
        'status',
        'matched',
        'reason',
        'refund_transaction_id as refundTransactionId',
      ])
      .orderBy('block_number', 'desc')
      .orderBy('transaction_id')
      .orderBy('log_index')
      .limit(limit)
      .$narrowType<{ status: ChainTransferStatus }>();
    if (status !== undefined) query = query.where('status', '=', status);
    const listed = (await rows(this.dataSource.manager, query)).map((row) => ({ ...row, blockTime: row.blockTime.toISOString() }));
    const transfers = await withNotes(this.dataSource.manager, listed, this.clock.nowMs(), this.config.REFUND_COUNT_WINDOW_MS);
    return { followedBlock: await followedBlock(this.dataSource.manager), transfers };
  }
}
