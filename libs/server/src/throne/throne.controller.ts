import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  emptyBodySchema,
  throneAttackIdParamsSchema,
  throneRallyJoinSchema,
  throneRallySchema,
  throneTroopsSchema,
  throneUsernameParamsSchema,
  throneVoteSchema,
} from '@runik/contract';
import type {
  NextThroneWarResponse,
  ThroneActionResponse,
  ThroneAttackResponse,
  ThroneParticipantsResponse,
  ThroneRallyCreateResponse,
  ThroneRallyJoinRequest,
  ThroneRallyRequest,
  ThroneStatusResponse,
  ThroneTroopsRequest,
  ThroneTroopsResponse,
  ThroneUserResponse,
  ThroneVoteRequest,
  ThroneVoteResponse,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { ThroneService } from './throne.service';

const troopsOf = ({ infantry, archers, cavalries }: ThroneTroopsRequest) => ({ infantry, archers, cavalries });

/** The session guard has checked that `{username}` / `hiveUsername` is the caller. */
@Controller('throne')
export class ThroneController {
  constructor(private readonly throne: ThroneService) {}

  @Get('status')
  status(@Query(new ZodPipe(emptyBodySchema)) _query: unknown): Promise<ThroneStatusResponse> {
    return this.throne.status();
  }

  @Get('troops/:username')
  troops(
    @Param(new ZodPipe(throneUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneTroopsResponse> {
    return this.throne.troops(session.playerId);
  }

  @Get('users/:username')
  user(
    @Param(new ZodPipe(throneUsernameParamsSchema)) _params: unknown,
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneUserResponse> {
    return this.throne.user(session.playerId, session.hiveUsername);
  }

  @Get('next-voting')
  nextVoting(@Query(new ZodPipe(emptyBodySchema)) _query: unknown): Promise<NextThroneWarResponse> {
    return this.throne.nextVoting();
  }

  @Get('rally/:attackId/details')
  rallyDetails(
    @Param(new ZodPipe(throneAttackIdParamsSchema)) { attackId }: { attackId: number },
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneParticipantsResponse> {
    return this.throne.rallyDetails(session.playerId, attackId);
  }

  @Get('garrison/details')
  garrisonDetails(
    @Query(new ZodPipe(emptyBodySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneParticipantsResponse> {
    return this.throne.garrisonDetails(session.playerId);
  }

  @Post('vote')
  @HttpCode(200)
  vote(
    @Body(new ZodPipe(throneVoteSchema)) { timeSlot }: ThroneVoteRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneVoteResponse> {
    return this.throne.vote(session.playerId, timeSlot);
  }

  @Post('attack/solo')
  @HttpCode(200)
  solo(
    @Body(new ZodPipe(throneTroopsSchema)) body: ThroneTroopsRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneAttackResponse> {
    return this.throne.soloAttack(session.playerId, troopsOf(body));
  }

  @Post('garrison')
  @HttpCode(200)
  garrison(
    @Body(new ZodPipe(throneTroopsSchema)) body: ThroneTroopsRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneActionResponse> {
    return this.throne.garrison(session.playerId, troopsOf(body));
  }

  @Post('troops/recall')
  @HttpCode(200)
  recall(
    @Body(new ZodPipe(throneTroopsSchema)) body: ThroneTroopsRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneActionResponse> {
    return this.throne.recall(session.playerId, troopsOf(body));
  }

  @Post('attack/rally/create')
  @HttpCode(200)
  createRally(
    @Body(new ZodPipe(throneTroopsSchema)) body: ThroneTroopsRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneRallyCreateResponse> {
    return this.throne.createRally(session.playerId, troopsOf(body));
  }

  @Post('attack/rally/join')
  @HttpCode(200)
  joinRally(
    @Body(new ZodPipe(throneRallyJoinSchema)) body: ThroneRallyJoinRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneActionResponse> {
    return this.throne.joinRally(session.playerId, body.rallyId, troopsOf(body));
  }

  @Post('attack/rally/withdraw')
  @HttpCode(200)
  withdraw(
    @Body(new ZodPipe(throneRallySchema)) { rallyId }: ThroneRallyRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneActionResponse> {
    return this.throne.withdraw(session.playerId, rallyId);
  }

  @Post('attack/rally/disband')
  @HttpCode(200)
  disband(
    @Body(new ZodPipe(throneRallySchema)) { rallyId }: ThroneRallyRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<ThroneActionResponse> {
    return this.throne.disband(session.playerId, rallyId);
  }
}
