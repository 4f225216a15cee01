import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { emptyBodySchema, firstStepsParamsSchema } from '@runik/contract';
import type { FirstStepsResponse } from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { FirstStepsService } from './first-steps.service';

const PROGRESS_DESCRIPTION = '`{ steps: [{ id, done }], skipped, finished }`, steps in the order the guide shows them';

/** The new player's guide (not in the spec); the session guard has checked that `{username}` is the session's player. */
@Controller('first-steps')
export class FirstStepsController {
  constructor(private readonly firstSteps: FirstStepsService) {}

  @Get(':username')
  @ApiOperation({
    summary: "The player's first steps",
    description: 'Harvest, upgrade the Farm, train infantry, raid a city, look at alliances: each ticked off by the real action.',
  })
  @ApiOkResponse({ description: PROGRESS_DESCRIPTION })
  progress(
    @Param(new ZodPipe(firstStepsParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<FirstStepsResponse> {
    return this.firstSteps.progress(session.playerId);
  }

  @Post(':username/seen-alliances')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Marks the alliances looked at',
    description: 'The web app calls it when the player opens the Alliance screen.',
  })
  @ApiOkResponse({ description: PROGRESS_DESCRIPTION })
  seenAlliances(
    @Param(new ZodPipe(firstStepsParamsSchema)) _params: unknown,
    @Body(new ZodPipe(emptyBodySchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<FirstStepsResponse> {
    return this.firstSteps.markAlliancesSeen(session.playerId);
  }

  @Post(':username/skip')
  @HttpCode(200)
  @ApiOperation({ summary: 'Skips the guide', description: 'For good, on every device.' })
  @ApiOkResponse({ description: PROGRESS_DESCRIPTION })
  skip(
    @Param(new ZodPipe(firstStepsParamsSchema)) _params: unknown,
    @Body(new ZodPipe(emptyBodySchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<FirstStepsResponse> {
    return this.firstSteps.skip(session.playerId);
  }
}
