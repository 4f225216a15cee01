import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  citadelAttackSchema,
  citadelFloorParamsSchema,
  citadelRewardsQuerySchema,
  citadelUsernameParamsSchema,
  emptyBodySchema,
} from '@runik/contract';
import type {
  CitadelAttackRequest,
  CitadelAttackResponse,
  CitadelRewardsResponse,
  CitadelUserResponse,
  FloorResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { CitadelService } from './citadel.service';

/** The session guard has checked that `{username}` / `hiveUsername` is the caller. */
@Controller('citadel')
export class CitadelController {
  constructor(private readonly citadel: CitadelService) {}

  @Get('user/:username')
  user(
    @Param(new ZodPipe(citadelUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<CitadelUserResponse> {
    return this.citadel.user(session.playerId);
  }

  @Get('floor/:n')
  floor(
    @Param(new ZodPipe(citadelFloorParamsSchema)) { n }: { n: number },
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
  ): Promise<FloorResponse> {
    return this.citadel.floor(n);
  }

  @Get('rewards/:username')
  rewards(
    @Param(new ZodPipe(citadelUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(citadelRewardsQuerySchema)) { limit }: { limit: number },
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<CitadelRewardsResponse> {
    return this.citadel.rewards(session.playerId, limit);
  }

  @Post('attack')
  @HttpCode(200)
  attack(
    @Body(new ZodPipe(citadelAttackSchema)) { floor }: CitadelAttackRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<CitadelAttackResponse> {
    return this.citadel.attack(session.playerId, floor);
  }
}
