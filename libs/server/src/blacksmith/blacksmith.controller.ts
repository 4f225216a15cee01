import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { emptyBodySchema, gearUsernameParamsSchema, upgradeHistoryQuerySchema, upgradePreviewSchema, upgradeSchema } from '@runik/contract';
import type { UpgradeHistoryResponse, UpgradePreviewResponse, UpgradeRequest, UpgradeResult, UserGearsResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { BlacksmithService } from './blacksmith.service';

/** The spec's bearer token is the session token; the guard has checked that `{username}` is its player. */
@Controller('blacksmith')
export class BlacksmithController {
  constructor(private readonly blacksmith: BlacksmithService) {}

  @Get('user-gears/:username')
  userGears(
    @Param(new ZodPipe(gearUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<UserGearsResponse> {
    return this.blacksmith.userGears(session.playerId);
  }

  @Post('upgrade-preview/:username')
  @HttpCode(200)
  preview(
    @Param(new ZodPipe(gearUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(upgradePreviewSchema)) body: UpgradeRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<UpgradePreviewResponse> {
    return this.blacksmith.preview(session.playerId, body);
  }

  @Post('upgrade/:username')
  @HttpCode(200)
  upgrade(
    @Param(new ZodPipe(gearUsernameParamsSchema)) _params: unknown,
    @Body(new ZodPipe(upgradeSchema)) { gearId, materialIds }: UpgradeRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<UpgradeResult> {
    return this.blacksmith.upgrade(session.playerId, { gearId, materialIds });
  }

  @Get('upgrade-history/:username')
  history(
    @Param(new ZodPipe(gearUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(upgradeHistoryQuerySchema)) { offset }: { offset: number },
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<UpgradeHistoryResponse> {
    return this.blacksmith.history(session.playerId, offset);
  }
}
