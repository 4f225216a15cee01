import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { economyQuerySchema } from '@runik/contract';
import type { EconomyQuery, EconomyResponse } from '@runik/contract';
import { Public } from '../auth/session.guard';
import { ZodPipe } from '../core/validation/zod.pipe';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator';
import { EconomyService } from './economy.service';

/** GET /api/admin/economy: an ops route (the ops credentials are checked on every /api/admin path). */
@Public()
@NoRateLimit()
@Controller('admin/economy')
export class EconomyController {
  constructor(private readonly economy: EconomyService) {}

  @Get()
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  report(@Query(new ZodPipe(economyQuerySchema)) { days }: EconomyQuery): Promise<EconomyResponse> {
    return this.economy.report(days);
  }
}
