import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AllianceChatLineTexts as LineTexts, AllianceMessages } from '@runik/contract';
import type {
  AllianceActionResponse,
  AllianceInvitationResponse,
  AllianceInvitationsResponse,
  JoinAllianceResponse,
} from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { retryingTransaction } from '../core/database/transaction';
import { ApiError } from '../core/errors/api-error';
import { NotificationPush } from '../notifications/notification-push';
import { Notifier } from '../notifications/notifier';
import { usernameOf } from '../players/player-names';
import { AllianceChatLines } from '../alliance-chat/chat-lines';
import { issueInvitation, openInvitations, redeemInvitation, revokeInvitation, revokeMembersInvitations } from './alliance-invitations';
import {
  about,
  addMember,
  assertLeader,
  assertNotInAlliance,
  joinedRoom,
  leftRoom,
  LockedAlliance,
  lockAlliance,
  mayInvite,
  membershipSource,
  requestSource,
} from './alliance-records';

/**
 * Who is in an alliance: requests and their review, invitations, joining, leaving and kicks. Every change locks the
 * alliance row first, so capacity, leadership and membership checks see a settled alliance; one-alliance-per-player
 * is the membership table's key.
 */
@Injectable()
export class AllianceMembershipService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly push: NotificationPush,
    private readonly chatLines: AllianceChatLines,
  ) {}

  /**
   * A request for the leader to review, or an immediate place with an invitation a member issued
   * (docs/decisions.md). Who referred the player plays no part: the newcomer chose the referrer.
   */
  async join(playerId: number, allianceId: number, inviteToken?: string): Promise<JoinAllianceResponse> {
    const response = await this.transaction(async (manager): Promise<JoinAllianceResponse> => {
      const alliance = await lockAlliance(manager, allianceId);
      await assertNotInAlliance(manager, playerId, AllianceMessages.alreadyInAlliance);
      if (alliance.members.length >= alliance.row.max_members) throw ApiError.conflict(AllianceMessages.allianceFull);
      const now = this.clock.now();
      if (inviteToken !== undefined) {
        await redeemInvitation(manager, inviteToken, allianceId, playerId, now);
        await addMember(manager, allianceId, playerId, now, AllianceMessages.alreadyInAlliance);
        await this.welcome(manager, alliance, playerId, now, playerId);
        return { success: true, autoAccepted: true, message: AllianceMessages.joined };
      }
      const inserted = await manager.query(
        `INSERT INTO alliance_requests (alliance_id, player_id, requested_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
        [allianceId, playerId, now],
      );
      if (inserted.length === 0) throw ApiError.conflict(AllianceMessages.requestPending);
      await this.notifier.notify(
        manager,
        Number(alliance.row.leader_id),
        'alliance-join-request',
        requestSource(allianceId, playerId, now),
        {
          ...about(alliance),
          applicant: await usernameOf(manager, playerId),
        },
      );
      return { success: true, autoAccepted: false, message: AllianceMessages.requestSent };
    });
    if (response.autoAccepted) await joinedRoom(this.push, playerId, allianceId);
    return response;
  }

  /** Any member may invite: the link lets one player in without the leader, for a week. */
  invite(playerId: number, allianceId: number): Promise<AllianceInvitationResponse> {
    return this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      if (!alliance.members.some((member) => member.playerId === playerId)) throw ApiError.forbidden(AllianceMessages.notMember);
      if (!mayInvite(alliance.row, playerId)) throw ApiError.forbidden(AllianceMessages.invitationsLeaderOnly);
      const { token, expiresAt } = await issueInvitation(manager, allianceId, playerId, this.clock.now());
      return { success: true, token, expiresAt: expiresAt.toISOString() };
    });
  }

  /** The open invitations, for the leader only. */
  invitations(leaderId: number, allianceId: number): Promise<AllianceInvitationsResponse> {
    return this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      return {
        success: true,
        membersMayInvite: alliance.row.members_may_invite,
        invitations: await openInvitations(manager, allianceId, this.clock.now()),
      };
    });
  }

  revokeInvitation(leaderId: number, allianceId: number, invitationId: number): Promise<AllianceActionResponse> {
    return this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      await revokeInvitation(manager, allianceId, invitationId, this.clock.now());
      return { success: true, message: AllianceMessages.invitationRevokedDone };
    });
  }

  /** Lets members invite, or stops them (their open invitations are revoked). */
  setMembersMayInvite(leaderId: number, allianceId: number, membersMayInvite: boolean): Promise<AllianceActionResponse> {
    return this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      await manager.query(`UPDATE alliances SET members_may_invite = $2 WHERE id = $1`, [allianceId, membersMayInvite]);
      if (!membersMayInvite) await revokeMembersInvitations(manager, allianceId, leaderId, this.clock.now());
      return { success: true, message: membersMayInvite ? AllianceMessages.membersMayInvite : AllianceMessages.onlyLeaderInvites };
    });
  }

  async accept(leaderId: number, targetUsername: string, allianceId: number): Promise<AllianceActionResponse> {
    const targetId = await this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      const request = await this.takeRequest(manager, allianceId, targetUsername);
      if (alliance.members.length >= alliance.row.max_members) throw ApiError.conflict(AllianceMessages.allianceFull);
      const now = this.clock.now();
      await addMember(manager, allianceId, request.playerId, now, AllianceMessages.targetInAlliance);
      await this.notifier.notify(
        manager,
        request.playerId,
        'alliance-request-accepted',
        requestSource(allianceId, request.playerId, request.requestedAt),
        about(alliance),
      );
      await this.welcome(manager, alliance, request.playerId, now, leaderId);
      return request.playerId;
    });
    await joinedRoom(this.push, targetId, allianceId);
    return { success: true, message: AllianceMessages.accepted(targetUsername) };
  }

  reject(leaderId: number, targetUsername: string, allianceId: number): Promise<AllianceActionResponse> {
    return this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      const request = await this.takeRequest(manager, allianceId, targetUsername);
      await this.notifier.notify(
        manager,
        request.playerId,
        'alliance-request-rejected',
        requestSource(allianceId, request.playerId, request.requestedAt),
        about(alliance),
      );
      return { success: true, message: AllianceMessages.rejected(targetUsername) };
    });
  }

  /** A leader who leaves hands the alliance to the longest-standing member; the last one out disbands it. */
  async leave(playerId: number): Promise<AllianceActionResponse> {
    const { allianceId, message } = await this.transaction(async (manager) => {
      const [membership] = await manager.query(`SELECT alliance_id FROM alliance_members WHERE player_id = $1`, [playerId]);
      if (!membership) throw ApiError.badRequest(AllianceMessages.notInAlliance);
      const alliance = await lockAlliance(manager, membership.alliance_id);
      const allianceId = alliance.row.id;
      const leaver = alliance.members.find((member) => member.playerId === playerId);
      if (!leaver) throw ApiError.badRequest(AllianceMessages.notInAlliance);
      const others = alliance.members.filter((member) => member.playerId !== playerId);
      if (others.length === 0) {
        await manager.query(`DELETE FROM alliances WHERE id = $1`, [allianceId]);
        return { allianceId, message: AllianceMessages.leftDisbanded };
      }
      await manager.query(`DELETE FROM alliance_members WHERE player_id = $1`, [playerId]);
      const source = `left:${membershipSource(allianceId, playerId, leaver.joinedAt)}`;
      if (Number(alliance.row.leader_id) !== playerId) {
        await this.chatLines.write(manager, allianceId, source, LineTexts.left(leaver.username));
        return { allianceId, message: AllianceMessages.left };
      }
      const heir = others[0];
      await manager.query(`UPDATE alliances SET leader_id = $2 WHERE id = $1`, [allianceId, heir.playerId]);
      await this.chatLines.write(manager, allianceId, source, LineTexts.leftNewLeader(leaver.username, heir.username));
      return { allianceId, message: AllianceMessages.leftNewLeader(heir.username) };
    });
    await leftRoom(this.push, allianceId, [playerId]);
    return { success: true, message };
  }

  async kick(leaderId: number, targetUsername: string, allianceId: number): Promise<AllianceActionResponse> {
    const targetId = await this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      const target = alliance.members.find((member) => member.username === targetUsername);
      if (target?.playerId === leaderId) throw ApiError.badRequest(AllianceMessages.cannotKickSelf);
      if (!target) throw ApiError.notFound(AllianceMessages.targetNotMember);
      await manager.query(`DELETE FROM alliance_members WHERE player_id = $1`, [target.playerId]);
      await this.notifier.notify(
        manager,
        target.playerId,
        'alliance-kicked',
        membershipSource(allianceId, target.playerId, target.joinedAt),
        about(alliance),
      );
      const source = `kicked:${membershipSource(allianceId, target.playerId, target.joinedAt)}`;
      await this.chatLines.write(manager, allianceId, source, LineTexts.kicked(target.username));
      return target.playerId;
    });
    await leftRoom(this.push, allianceId, [targetId]);
    return { success: true, message: AllianceMessages.kicked(targetUsername) };
  }

  private transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, work);
  }

  /**
   * Tells the members a new one is in: all but the newcomer and whoever let them in (the leader
   * accepting, or the newcomer with an invitation) by notification, everyone by a chat line.
   */
  private async welcome(
    manager: EntityManager,
    alliance: LockedAlliance,
    newcomerId: number,
    joinedAt: Date,
    actorId: number,
  ): Promise<void> {
    const others = alliance.members.map((member) => member.playerId).filter((id) => id !== newcomerId && id !== actorId);
    const member = await usernameOf(manager, newcomerId);
    const source = membershipSource(alliance.row.id, newcomerId, joinedAt);
    await this.notifier.notify(manager, others, 'alliance-new-member', source, { ...about(alliance), member });
    await this.chatLines.write(manager, alliance.row.id, `joined:${source}`, LineTexts.joined(member));
  }

  /** Removes the target's request to this alliance and returns who made it, and when. */
  private async takeRequest(
    manager: EntityManager,
    allianceId: number,
    targetUsername: string,
  ): Promise<{ playerId: number; requestedAt: Date }> {
    // In a CTE so TypeORM hands back plain rows (for a bare DELETE it returns [rows, rowCount]).
    const [request] = await manager.query(
      `WITH taken AS (DELETE FROM alliance_requests r USING players p
         WHERE r.alliance_id = $1 AND r.player_id = p.id AND p.hive_username = $2 RETURNING r.player_id, r.requested_at)
       SELECT player_id, requested_at FROM taken`,
      [allianceId, targetUsername],
    );
    if (!request) throw ApiError.notFound(AllianceMessages.requestNotFound);
    return { playerId: Number(request.player_id), requestedAt: request.requested_at };
  }
}
