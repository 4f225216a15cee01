import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ALLIANCE_CREATION_FEE, ALLIANCE_STARTING_CAPACITY, allianceExpansionCost, formatRunik, toThousandths } from '@runik/rules';
import type { AllianceIcon } from '@runik/rules';
import { AllianceChatLineTexts as LineTexts, AllianceMessages, CityMessages } from '@runik/contract';
import type {
  AllianceActionResponse,
  AllianceInvitationResponse,
  AllianceInvitationsResponse,
  AlliancesResponse,
  AllianceView,
  CreateAllianceRequest,
  JoinAllianceResponse,
  LedgerReason,
  MyAllianceResponse,
  UpdateAllianceRequest,
} from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { LedgerService } from '../ledger/ledger.service';
import { NotificationPush } from '../notifications/notification-push';
import { Notifier } from '../notifications/notifier';
import { usernameOf } from '../players/player-names';
import { lookAlikeKey, nameSkeletons } from '../core/text/name-skeleton';
import { issueInvitation, openInvitations, redeemInvitation, revokeInvitation, revokeMembersInvitations } from './alliance-invitations';
import { retryingTransaction } from '../core/database/transaction';
import { AllianceChatLines } from '../alliance-chat/chat-lines';

interface AllianceRow {
  id: number;
  name: string;
  tag: string;
  icon: AllianceIcon;
  description: string;
  leader_id: string;
  max_members: number;
  members_may_invite: boolean;
}

/** A locked alliance and its members (player ids, names and when they joined, in joining order). */
interface LockedAlliance {
  row: AllianceRow;
  members: { playerId: number; username: string; joinedAt: Date }[];
}

/**
 * What alliance notifications are about: a request, or a membership, named by its alliance, its
 * player and when it began (a player may ask, join and leave again: each time is news), so a kick
 * and the welcome of the same membership name the same cause.
 */
const requestSource = (allianceId: number, playerId: number, at: Date) => `alliance-request:${allianceId}:${playerId}:${at.getTime()}`;
const membershipSource = (allianceId: number, playerId: number, at: Date) => `alliance-member:${allianceId}:${playerId}:${at.getTime()}`;

/**
 * Alliance use cases. Every change locks the alliance row first, so capacity, leadership and
 * membership checks see a settled alliance; one-alliance-per-player is the membership table's key.
 */
@Injectable()
export class AllianceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly push: NotificationPush,
    private readonly chatLines: AllianceChatLines,
  ) {}

  /** One snapshot for the several reads, so a concurrent leave or hand-over cannot tear the view. */
  my(playerId: number): Promise<MyAllianceResponse> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const allianceId = await this.allianceOf(manager, playerId);
      if (allianceId === null) return { success: true, alliance: null };
      const [row]: AllianceRow[] = await manager.query(`SELECT * FROM alliances WHERE id = $1`, [allianceId]);
      return { success: true, alliance: await this.view(manager, { row, members: await membersOf(manager, row.id) }, playerId) };
    });
  }

  async list(playerId: number): Promise<AlliancesResponse> {
    const rows: (AllianceRow & { member_count: string; requested: boolean })[] = await this.dataSource.query(
      `SELECT a.*,
         (SELECT count(*) FROM alliance_members m WHERE m.alliance_id = a.id) AS member_count,
         EXISTS (SELECT 1 FROM alliance_requests r WHERE r.alliance_id = a.id AND r.player_id = $1) AS requested
       FROM alliances a ORDER BY member_count DESC, a.created_at, a.id`,
      [playerId],
    );
    return {
      success: true,
      alliances: rows.map((row) => ({
        id: row.id,
        name: row.name,
        tag: row.tag,
        icon: row.icon,
        members: Number(row.member_count),
        maxMembers: row.max_members,
        requestPending: row.requested,
      })),
    };
  }

  /** The creator pays the fee and leads; one alliance per player is the membership key's job. */
  async create(playerId: number, request: CreateAllianceRequest): Promise<AllianceActionResponse> {
    const id = await this.transaction(async (manager) => {
      await assertNotInAlliance(manager, playerId, AllianceMessages.alreadyInAlliance);
      const now = this.clock.now();
      const created = await insertAlliance(manager, request, playerId, now);
      await addMember(manager, created, playerId, now, AllianceMessages.alreadyInAlliance);
      await this.payFee(manager, playerId, ALLIANCE_CREATION_FEE, 'alliance-creation', created);
      await this.chatLines.write(manager, created, 'founded', LineTexts.founded(await usernameOf(manager, playerId)));
      return created;
    });
    await this.joined(playerId, id);
    return { success: true, message: AllianceMessages.created };
  }

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
    if (response.autoAccepted) await this.joined(playerId, allianceId);
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
    await this.joined(targetId, allianceId);
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
    await this.left(allianceId, [playerId]);
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
    await this.left(allianceId, [targetId]);
    return { success: true, message: AllianceMessages.kicked(targetUsername) };
  }

  update(leaderId: number, { allianceId, tag, description }: UpdateAllianceRequest): Promise<AllianceActionResponse> {
    return this.transaction(async (manager) => {
      assertLeader(await lockAlliance(manager, allianceId), leaderId);
      try {
        await manager.query(
          `UPDATE alliances SET tag = coalesce($2, tag), tag_skeleton = coalesce($4, tag_skeleton), description = coalesce($3, description)
            WHERE id = $1`,
          [allianceId, tag ?? null, description ?? null, tag === undefined ? null : lookAlikeKey(tag)],
        );
      } catch (error) {
        throw isUniqueViolation(error) ? ApiError.conflict(AllianceMessages.tagTaken) : error;
      }
      return { success: true, message: tag !== undefined ? AllianceMessages.tagUpdated : AllianceMessages.descriptionUpdated };
    });
  }

  expand(leaderId: number, allianceId: number): Promise<AllianceActionResponse> {
    return this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      const cost = allianceExpansionCost(alliance.row.max_members);
      if (cost === null) throw ApiError.badRequest(AllianceMessages.maxCapacity);
      await this.payFee(manager, leaderId, cost, 'alliance-expansion', allianceId);
      await manager.query(`UPDATE alliances SET max_members = max_members + 1 WHERE id = $1`, [allianceId]);
      return { success: true, message: AllianceMessages.expanded(alliance.row.max_members + 1) };
    });
  }

  /** Members and requests go with the alliance; fees paid are not refunded. */
  async disband(leaderId: number, allianceId: number): Promise<AllianceActionResponse> {
    const members = await this.transaction(async (manager) => {
      const alliance = await lockAlliance(manager, allianceId);
      assertLeader(alliance, leaderId);
      await manager.query(`DELETE FROM alliances WHERE id = $1`, [allianceId]);
      const memberIds = alliance.members.map((member) => member.playerId);
      await this.notifier.notify(
        manager,
        memberIds.filter((id) => id !== leaderId),
        'alliance-disbanded',
        `alliance:${allianceId}`,
        about(alliance),
      );
      return memberIds;
    });
    await this.left(allianceId, members);
    return { success: true, message: AllianceMessages.disbanded };
  }

  /** The alliance a player belongs to, if any. */
  private async allianceOf(manager: EntityManager, playerId: number): Promise<number | null> {
    const [membership] = await manager.query(`SELECT alliance_id FROM alliance_members WHERE player_id = $1`, [playerId]);
    return membership ? Number(membership.alliance_id) : null;
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

  /**
   * Once committed: the newcomer's open sockets join the alliance's room, then the room (them
   * included) refreshes the alliance; the action answers once Redis has taken both, so the newcomer
   * hears every chat line sent after the answer.
   */
  private async joined(playerId: number, allianceId: number): Promise<void> {
    this.push.moveSockets(playerId, { join: allianceId });
    this.push.allianceChanged(allianceId);
    await this.push.sent();
  }

  /**
   * Once committed: the room refreshes the alliance while the leavers' sockets are still in it (so
   * their other tabs do too), then they leave it, on every replica before the action answers: no
   * chat line sent after the answer reaches them.
   */
  private async left(allianceId: number, playerIds: number[]): Promise<void> {
    this.push.allianceChanged(allianceId);
    for (const playerId of playerIds) this.push.moveSockets(playerId, { leave: allianceId });
    await this.push.sent();
  }

  /** Fees go to the fees account; the ledger's conditional debit is the guard, the check gives the message. */
  private async payFee(manager: EntityManager, playerId: number, runik: number, reason: LedgerReason, allianceId: number): Promise<void> {
    const fee = toThousandths(runik);
    const { runik: held } = await this.ledger.balancesOf(manager, playerId);
    if (held < fee) throw ApiError.badRequest(CityMessages.notEnoughRunik(formatRunik(fee), formatRunik(held)));
    await this.ledger.post(manager, {
      reason,
      reference: `alliance:${allianceId}`,
      legs: [
        { account: { playerId }, asset: 'runik', delta: -fee },
        { account: { system: 'system:fees' }, asset: 'runik', delta: fee },
      ],
    });
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

  private async view(manager: EntityManager, { row, members }: LockedAlliance, viewerId: number): Promise<AllianceView> {
    const leaderId = Number(row.leader_id);
    const isLeader = leaderId === viewerId;
    const leader = members.find((member) => member.playerId === leaderId)!;
    const pendingRequests = isLeader
      ? (
          await manager.query(
            `SELECT p.hive_username, r.requested_at FROM alliance_requests r JOIN players p ON p.id = r.player_id
             WHERE r.alliance_id = $1 ORDER BY r.requested_at, p.id`,
            [row.id],
          )
        ).map((request: { hive_username: string; requested_at: Date }) => ({
          hiveUsername: request.hive_username,
          requestedAt: request.requested_at.toISOString(),
        }))
      : [];
    const nextExpansionCost = allianceExpansionCost(row.max_members);
    return {
      id: row.id,
      name: row.name,
      tag: row.tag,
      icon: row.icon,
      description: row.description,
      leader: leader.username,
      members: [leader.username, ...members.filter((member) => member !== leader).map((member) => member.username)],
      memberCount: members.length,
      maxMembers: row.max_members,
      canExpand: nextExpansionCost !== null,
      nextExpansionCost,
      isLeader,
      pendingRequests,
      membersMayInvite: row.members_may_invite,
      canInvite: mayInvite(row, viewerId),
    };
  }
}

/**
 * Name and tag are unique: the name without regard to case, on its confusables skeleton and on its look-alike
 * key (nameSkeletons), the tag as typed and on its look-alike key (`IR0` is `IRO`).
 */
async function insertAlliance(manager: EntityManager, request: CreateAllianceRequest, leaderId: number, now: Date): Promise<number> {
  const { skeleton, foldedSkeleton } = nameSkeletons(request.name);
  try {
    const [{ id }] = await manager.query(
      `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at, name_skeleton, name_folded_skeleton, tag_skeleton)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        request.name,
        request.tag,
        request.icon,
        request.description,
        leaderId,
        ALLIANCE_STARTING_CAPACITY,
        now,
        skeleton,
        foldedSkeleton,
        lookAlikeKey(request.tag),
      ],
    );
    return id;
  } catch (error) {
    const nameKeys = ['alliances_name_key', 'alliances_name_skeleton_key', 'alliances_name_folded_skeleton_key'];
    if (nameKeys.some((key) => isUniqueViolation(error, key))) throw ApiError.conflict(AllianceMessages.nameTaken);
    if (isUniqueViolation(error, 'alliances_tag_key') || isUniqueViolation(error, 'alliances_tag_skeleton_key'))
      throw ApiError.conflict(AllianceMessages.tagTaken);
    throw error;
  }
}

/** The leader may always invite; a member when the leader allows it. */
function mayInvite(row: AllianceRow, playerId: number): boolean {
  return Number(row.leader_id) === playerId || row.members_may_invite;
}

async function lockAlliance(manager: EntityManager, allianceId: number): Promise<LockedAlliance> {
  const [row]: AllianceRow[] = await manager.query(`SELECT * FROM alliances WHERE id = $1 FOR UPDATE`, [allianceId]);
  if (!row) throw ApiError.notFound(AllianceMessages.allianceNotFound);
  return { row, members: await membersOf(manager, allianceId) };
}

async function membersOf(manager: EntityManager, allianceId: number): Promise<LockedAlliance['members']> {
  const rows: { player_id: string; hive_username: string; joined_at: Date }[] = await manager.query(
    `SELECT m.player_id, p.hive_username, m.joined_at FROM alliance_members m JOIN players p ON p.id = m.player_id
     WHERE m.alliance_id = $1 ORDER BY m.joined_at, m.player_id`,
    [allianceId],
  );
  return rows.map((row) => ({ playerId: Number(row.player_id), username: row.hive_username, joinedAt: row.joined_at }));
}

/** What every alliance notification names. */
function about({ row }: LockedAlliance): { allianceId: number; allianceName: string } {
  return { allianceId: row.id, allianceName: row.name };
}

/** Only the leader leads; a player of another alliance is told it is not theirs. */
function assertLeader({ row, members }: LockedAlliance, playerId: number): void {
  if (Number(row.leader_id) === playerId) return;
  const isMember = members.some((member) => member.playerId === playerId);
  throw ApiError.forbidden(isMember ? AllianceMessages.notLeader : AllianceMessages.notMember);
}

async function assertNotInAlliance(manager: EntityManager, playerId: number, message: string): Promise<void> {
  const rows = await manager.query(`SELECT 1 FROM alliance_members WHERE player_id = $1`, [playerId]);
  if (rows.length > 0) throw ApiError.conflict(message);
}

/** The membership key is the real guard against a second alliance; a new member's other requests go. */
async function addMember(manager: EntityManager, allianceId: number, playerId: number, now: Date, alreadyMessage: string): Promise<void> {
  try {
    await manager.query(`INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, $3)`, [
      playerId,
      allianceId,
      now,
    ]);
  } catch (error) {
    throw isUniqueViolation(error, 'alliance_members_pkey') ? ApiError.conflict(alreadyMessage) : error;
  }
  await manager.query(`DELETE FROM alliance_requests WHERE player_id = $1`, [playerId]);
}
