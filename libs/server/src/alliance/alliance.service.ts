import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ALLIANCE_CREATION_FEE, ALLIANCE_STARTING_CAPACITY, allianceExpansionCost, formatRunik, toThousandths } from '@runik/rules';
import { AllianceChatLineTexts as LineTexts, AllianceMessages, CityMessages } from '@runik/contract';
import type {
  AllianceActionResponse,
  AlliancesResponse,
  AllianceView,
  CreateAllianceRequest,
  LedgerReason,
  MyAllianceResponse,
  UpdateAllianceRequest,
} from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { isUniqueViolation } from '../core/database/pg-errors';
import { retryingTransaction } from '../core/database/transaction';
import { ApiError } from '../core/errors/api-error';
import { lookAlikeKey, nameSkeletons } from '../core/text/name-skeleton';
import { LedgerService } from '../ledger/ledger.service';
import { NotificationPush } from '../notifications/notification-push';
import { Notifier } from '../notifications/notifier';
import { usernameOf } from '../players/player-names';
import { AllianceChatLines } from '../alliance-chat/chat-lines';
import {
  about,
  addMember,
  allianceOf,
  AllianceRow,
  assertLeader,
  assertNotInAlliance,
  joinedRoom,
  leftRoom,
  LockedAlliance,
  lockAlliance,
  mayInvite,
  membersOf,
} from './alliance-records';

/**
 * The alliance itself: reading it, founding, managing (tag, description, capacity) and disbanding it. Who is in it
 * (requests, invitations, leaving, kicks) is AllianceMembershipService's. Every change locks the alliance row first,
 * so capacity and leadership checks see a settled alliance; one-alliance-per-player is the membership table's key.
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
      const allianceId = await allianceOf(manager, playerId);
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
    await joinedRoom(this.push, playerId, id);
    return { success: true, message: AllianceMessages.created };
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
    await leftRoom(this.push, allianceId, members);
    return { success: true, message: AllianceMessages.disbanded };
  }

  private transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, work);
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
