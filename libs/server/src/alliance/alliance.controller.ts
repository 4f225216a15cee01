import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  allianceActionSchema,
  allianceInvitationsQuerySchema,
  allianceMemberActionSchema,
  allianceMyQuerySchema,
  createAllianceSchema,
  emptyBodySchema,
  invitationSettingsSchema,
  joinAllianceSchema,
  leaveAllianceSchema,
  revokeInvitationSchema,
  updateAllianceSchema,
} from '@runik/contract';
import type {
  AllianceActionRequest,
  AllianceActionResponse,
  AllianceInvitationResponse,
  AllianceInvitationsQuery,
  AllianceInvitationsResponse,
  AllianceMemberActionRequest,
  AlliancesResponse,
  CreateAllianceRequest,
  InvitationSettingsRequest,
  JoinAllianceRequest,
  JoinAllianceResponse,
  MyAllianceResponse,
  RevokeInvitationRequest,
  UpdateAllianceRequest,
} from '@runik/contract';
import { CurrentSession } from '../auth/current-session.decorator';
import type { AuthenticatedSession } from '../auth/session.service';
import { ZodPipe } from '../core/validation/zod.pipe';
import { AllianceMembershipService } from './alliance-membership.service';
import { AllianceService } from './alliance.service';

/** The session guard has checked that `hiveUsername` / `leaderUsername` is the caller; the session names the player. */
@Controller('alliance')
export class AllianceController {
  constructor(
    private readonly alliances: AllianceService,
    private readonly membership: AllianceMembershipService,
  ) {}

  @Get('my')
  my(
    @Query(new ZodPipe(allianceMyQuerySchema)) _query: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<MyAllianceResponse> {
    return this.alliances.my(session.playerId);
  }

  @Get('alliances')
  list(@Query(new ZodPipe(emptyBodySchema)) _query: unknown, @CurrentSession() session: AuthenticatedSession): Promise<AlliancesResponse> {
    return this.alliances.list(session.playerId);
  }

  @Post('create')
  @HttpCode(200)
  create(
    @Body(new ZodPipe(createAllianceSchema)) body: CreateAllianceRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.alliances.create(session.playerId, body);
  }

  @Post('join')
  @HttpCode(200)
  join(
    @Body(new ZodPipe(joinAllianceSchema)) { allianceId, inviteToken }: JoinAllianceRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<JoinAllianceResponse> {
    return this.membership.join(session.playerId, allianceId, inviteToken);
  }

  @Post('invite')
  @HttpCode(200)
  invite(
    @Body(new ZodPipe(allianceActionSchema)) { allianceId }: AllianceActionRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceInvitationResponse> {
    return this.membership.invite(session.playerId, allianceId);
  }

  /** The leader's list of open invitations. */
  @Get('invitations')
  invitations(
    @Query(new ZodPipe(allianceInvitationsQuerySchema)) { allianceId }: AllianceInvitationsQuery,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceInvitationsResponse> {
    return this.membership.invitations(session.playerId, allianceId);
  }

  @Post('invitations/revoke')
  @HttpCode(200)
  revokeInvitation(
    @Body(new ZodPipe(revokeInvitationSchema)) body: RevokeInvitationRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.membership.revokeInvitation(session.playerId, body.allianceId, body.invitationId);
  }

  @Post('invitations/settings')
  @HttpCode(200)
  invitationSettings(
    @Body(new ZodPipe(invitationSettingsSchema)) body: InvitationSettingsRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.membership.setMembersMayInvite(session.playerId, body.allianceId, body.membersMayInvite);
  }

  @Post('leave')
  @HttpCode(200)
  leave(
    @Body(new ZodPipe(leaveAllianceSchema)) _body: unknown,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.membership.leave(session.playerId);
  }

  @Post('disband')
  @HttpCode(200)
  disband(
    @Body(new ZodPipe(allianceActionSchema)) { allianceId }: AllianceActionRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.alliances.disband(session.playerId, allianceId);
  }

  @Post('update')
  @HttpCode(200)
  update(
    @Body(new ZodPipe(updateAllianceSchema)) body: UpdateAllianceRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.alliances.update(session.playerId, body);
  }

  @Post('expand')
  @HttpCode(200)
  expand(
    @Body(new ZodPipe(allianceActionSchema)) { allianceId }: AllianceActionRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.alliances.expand(session.playerId, allianceId);
  }

  @Post('request/accept')
  @HttpCode(200)
  accept(
    @Body(new ZodPipe(allianceMemberActionSchema)) body: AllianceMemberActionRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.membership.accept(session.playerId, body.targetUsername, body.allianceId);
  }

  @Post('request/reject')
  @HttpCode(200)
  reject(
    @Body(new ZodPipe(allianceMemberActionSchema)) body: AllianceMemberActionRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.membership.reject(session.playerId, body.targetUsername, body.allianceId);
  }

  @Post('kick')
  @HttpCode(200)
  kick(
    @Body(new ZodPipe(allianceMemberActionSchema)) body: AllianceMemberActionRequest,
    @CurrentSession() session: AuthenticatedSession,
  ): Promise<AllianceActionResponse> {
    return this.membership.kick(session.playerId, body.targetUsername, body.allianceId);
  }
}
