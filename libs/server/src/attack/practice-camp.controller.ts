import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { attackUsernameParamsSchema, emptyBodySchema } from '@runik/contract';
import type { PracticeCampResponse, PracticeRaidResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { PracticeCampService } from './practice-camp.service';

/** The practice camp (not in the spec: issue 35); the session guard has checked that `{username}` is the caller. */
@Controller('practice-camp')
export class PracticeCampController {
  constructor(private readonly camps: PracticeCampService) {}

  @Get(':username')
  @ApiOperation({
    summary: 'The practice camp as it would face the player',
    description: 'Its army (scaled to the player), stores left today, cooldown.',
  })
  camp(
    @Param(new ZodPipe(attackUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PracticeCampResponse> {
    return this.camps.camp(session.playerId);
  }

  @Post(':username/raid')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Raids the practice camp',
    description: 'Spends an attack charge; the loot is resources only, from the camp’s daily store.',
  })
  raid(
    @Param(new ZodPipe(attackUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @Body(new ZodPipe(emptyBodySchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<PracticeRaidResponse> {
    return this.camps.raid(session.playerId, session.hiveUsername);
  }
}
