import { Body, Controller, Get, Header, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { GameClockMessages, gameClockMoveSchema } from '@runik/contract';
import type { GameClockResponse } from '@runik/contract';
import { Public } from '../auth/session.guard';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ApiError } from '../core/errors/api-error';
import { ZodPipe } from '../core/validation/zod.pipe';
import { NoRateLimit } from '../rate-limit/rate-limit.decorator';
import { GameClockSync } from './game-clock-sync';

const HOUR_MS = 3_600_000;
const moveRequest = new ZodPipe(gameClockMoveSchema);

/**
 * GET and POST /api/admin/clock: an ops route (the ops credentials are checked on every /api/admin path), for
 * development and tests only. POST `{ hours }` or `{ days }` moves the game's time forward for the api and the
 * worker; under NODE_ENV=production both answer 403 and change nothing.
 */
@Public()
@NoRateLimit()
@Controller('admin/clock')
export class GameClockController {
  constructor(
    private readonly sync: GameClockSync,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  read(): Promise<GameClockResponse> {
    this.refuseInProduction();
    return this.sync.view();
  }

  @Post()
  @HttpCode(200)
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  async move(@Body() body: unknown): Promise<GameClockResponse> {
    // Before the body is read: in production no input gets further than this.
    this.refuseInProduction();
    const { hours, days } = moveRequest.transform(body);
    await this.sync.moveForward(((hours ?? 0) + (days ?? 0) * 24) * HOUR_MS);
    return this.sync.view();
  }

  private refuseInProduction(): void {
    if (this.config.NODE_ENV === 'production' || !this.sync.enabled) throw ApiError.forbidden(GameClockMessages.productionRefused);
  }
}
