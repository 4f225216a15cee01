import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  ALLIANCE_CHAT_RETENTION_DAYS,
  ALLIANCE_MENTION_INTERVAL_SECONDS,
  AllianceChatMessages,
  AllianceMessages,
  mentionedNames,
} from '@runik/contract';
import type {
  AllianceChatActionResponse,
  AllianceChatMuteRequest,
  AllianceChatQuery,
  AllianceChatResponse,
  AllianceChatSendResponse,
  AllianceChatUnreadResponse,
} from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { retryingTransaction } from '../core/database/transaction';
import { ApiError } from '../core/errors/api-error';
import { NotificationPush } from '../notifications/notification-push';
import { Notifier } from '../notifications/notifier';
import { CHAT_LINE_COLUMNS, chatLineDto, ChatLineRow } from './chat-line-rows';
import { AllianceChatRateLimit } from './chat-rate-limit';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The player's alliance, held: while this transaction lasts nobody joins, leaves or is kicked from it. */
interface HeldMembership {
  allianceId: number;
  leaderId: number;
  username: string;
}

/**
 * The alliance chat's use cases. Writes hold the alliance's row FOR SHARE (every membership change
 * locks it FOR UPDATE), then check the membership: a member who left or was kicked is refused, and
 * a kick waits for a send in flight to commit, whose line then reached the room before the kick's
 * answer (NotificationPush.sent).
 */
@Injectable()
export class AllianceChatService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly push: NotificationPush,
    private readonly rateLimit: AllianceChatRateLimit,
  ) {}

  /** A page of the channel, newest first, by id: a cursor never skips or repeats a line, however many are written meanwhile. */
  async history(playerId: number, { cursor, limit }: AllianceChatQuery): Promise<AllianceChatResponse> {
    const manager = this.dataSource.manager;
    const allianceId = await allianceOf(manager, playerId);
    if (allianceId === null) throw ApiError.forbidden(AllianceChatMessages.notInAlliance);
    const rows: ChatLineRow[] = await manager.query(
      `SELECT ${CHAT_LINE_COLUMNS} FROM alliance_chat_messages c LEFT JOIN players p ON p.id = c.author_id
        WHERE c.alliance_id = $1 AND ($2::bigint IS NULL OR c.id < $2) AND c.created_at > $3
        ORDER BY c.id DESC LIMIT $4`,
      [allianceId, cursor ?? null, this.retentionStart(), limit + 1],
    );
    const page = rows.slice(0, limit);
    return {
      messages: page.map(chatLineDto),
      nextCursor: rows.length > limit ? page[page.length - 1].id : null,
      mutedUntil: (await this.mutedUntil(manager, allianceId, playerId))?.toISOString() ?? null,
    };
  }

  /**
   * A member's message, stored and sent to the alliance's room once committed; the members it names
   * (`@name`) are notified. The rate limit counts first (before any lock), so a flood costs Redis only.
   */
  async send(playerId: number, text: string): Promise<AllianceChatSendResponse> {
    await this.rateLimit.take(playerId);
    return retryingTransaction(this.dataSource, async (manager) => {
      const { allianceId, username } = await holdMembership(manager, playerId);
      const mutedUntil = await this.mutedUntil(manager, allianceId, playerId);
      if (mutedUntil) throw ApiError.forbidden(AllianceChatMessages.muted(mutedUntil.toISOString()));
      const [row]: ChatLineRow[] = await manager.query(
        `INSERT INTO alliance_chat_messages (alliance_id, author_id, text, created_at) VALUES ($1, $2, $3, $4)
         RETURNING id, $5::text AS author, text, created_at`,
        [allianceId, playerId, text, this.clock.now(), username],
      );
      const message = chatLineDto(row);
      await this.notifyMentioned(manager, allianceId, playerId, message);
      this.push.chatLineAfterCommit(manager, { allianceId, ...message });
      return { message };
    });
  }

  /** Lines of others since the member's read mark and since they joined; 0 outside an alliance (the navbar asks everyone). */
  async unread(playerId: number): Promise<AllianceChatUnreadResponse> {
    return { unreadCount: await unreadCount(this.dataSource.manager, playerId, this.retentionStart()) };
  }

  /** Moves the read mark up to `upTo` (never back, never past the newest line). */
  markRead(playerId: number, upTo: number): Promise<AllianceChatUnreadResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      await manager.query(
        `UPDATE alliance_members m SET chat_read_id = greatest(m.chat_read_id, least($2,
           (SELECT coalesce(max(c.id), 0) FROM alliance_chat_messages c WHERE c.alliance_id = m.alliance_id)))
         WHERE m.player_id = $1`,
        [playerId, upTo],
      );
      return { unreadCount: await unreadCount(manager, playerId, this.retentionStart()) };
    });
  }

  /** The leader takes a line down; the room's clients drop it. */
  async delete(playerId: number, messageId: number): Promise<AllianceChatActionResponse> {
    const allianceId = await retryingTransaction(this.dataSource, async (manager) => {
      const { allianceId } = await holdLeadership(manager, playerId);
      const deleted = await manager.query(`DELETE FROM alliance_chat_messages WHERE id = $1 AND alliance_id = $2 RETURNING id`, [
        messageId,
        allianceId,
      ]);
      // TypeORM answers a DELETE ... RETURNING as [rows, count].
      if (deleted[0].length === 0) throw ApiError.notFound(AllianceChatMessages.messageNotFound);
      return allianceId;
    });
    this.push.chatLineDeleted({ allianceId, id: messageId });
    return { success: true, message: AllianceChatMessages.deleted };
  }

  /** The leader silences a member for one of ALLIANCE_CHAT_MUTE_MINUTES (a new mute replaces the last). */
  mute(playerId: number, { targetUsername, minutes }: AllianceChatMuteRequest): Promise<AllianceChatActionResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const { allianceId, username } = await holdLeadership(manager, playerId);
      if (targetUsername === username) throw ApiError.badRequest(AllianceChatMessages.cannotMuteSelf);
      const targetId = await memberNamed(manager, allianceId, targetUsername);
      const until = new Date(this.clock.nowMs() + minutes * MINUTE_MS);
      await manager.query(
        `INSERT INTO alliance_chat_mutes (alliance_id, player_id, muted_until, muted_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (alliance_id, player_id) DO UPDATE SET muted_until = excluded.muted_until, muted_by = excluded.muted_by`,
        [allianceId, targetId, until, playerId],
      );
      return { success: true, message: AllianceChatMessages.mutedDone(targetUsername, until.toISOString()) };
    });
  }

  unmute(playerId: number, targetUsername: string): Promise<AllianceChatActionResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const { allianceId } = await holdLeadership(manager, playerId);
      const targetId = await memberNamed(manager, allianceId, targetUsername);
      // TypeORM answers a DELETE ... RETURNING as [rows, count].
      const [lifted] = await manager.query(
        `DELETE FROM alliance_chat_mutes WHERE alliance_id = $1 AND player_id = $2 AND muted_until > $3 RETURNING player_id`,
        [allianceId, targetId, this.clock.now()],
      );
      if (lifted.length === 0) throw ApiError.notFound(AllianceChatMessages.notMuted);
      return { success: true, message: AllianceChatMessages.unmuted(targetUsername) };
    });
  }

  /** The lines older than ALLIANCE_CHAT_RETENTION_DAYS start before this (reads hide them until the daily job deletes them). */
  retentionStart(): Date {
    return new Date(this.clock.nowMs() - ALLIANCE_CHAT_RETENTION_DAYS * DAY_MS);
  }

  private async mutedUntil(manager: EntityManager, allianceId: number, playerId: number): Promise<Date | null> {
    const [mute]: { muted_until: Date }[] = await manager.query(
      `SELECT muted_until FROM alliance_chat_mutes WHERE alliance_id = $1 AND player_id = $2 AND muted_until > $3`,
      [allianceId, playerId, this.clock.now()],
    );
    return mute?.muted_until ?? null;
  }

  /**
   * The other members a message names with `@name`, each told once (the source is the message), and each at
   * most once per ALLIANCE_MENTION_INTERVAL_SECONDS by this author: the pair's mark is taken in this
   * transaction (a burst sent at once waits on the first's row, then finds it fresh), so a burst collapses
   * into one notification. Targets are marked in id order, so two messages naming the same members never deadlock.
   */
  private async notifyMentioned(
    manager: EntityManager,
    allianceId: number,
    authorId: number,
    message: { id: number; author: string | null; text: string },
  ): Promise<void> {
    const names = mentionedNames(message.text);
    if (names.length === 0) return;
    const mentioned: { player_id: string }[] = await manager.query(
      `SELECT m.player_id FROM alliance_members m JOIN players p ON p.id = m.player_id
        WHERE m.alliance_id = $1 AND p.hive_username = ANY($2::text[]) AND m.player_id <> $3 ORDER BY m.player_id`,
      [allianceId, names, authorId],
    );
    if (mentioned.length === 0) return;
    const due: { target_id: string }[] = await manager.query(
      `INSERT INTO alliance_mention_marks AS mark (sender_id, target_id, notified_at)
       SELECT $1, target, $3 FROM unnest($2::bigint[]) AS target
       ON CONFLICT (sender_id, target_id) DO UPDATE SET notified_at = excluded.notified_at
        WHERE mark.notified_at <= excluded.notified_at - make_interval(secs => $4)
       RETURNING target_id`,
      [authorId, mentioned.map((row) => row.player_id), this.clock.now(), ALLIANCE_MENTION_INTERVAL_SECONDS],
    );
    if (due.length === 0) return;
    await this.notifier.notify(
      manager,
      due.map((row) => Number(row.target_id)),
      'alliance-mention',
      `alliance-chat:${message.id}`,
      { allianceId, messageId: message.id, author: message.author ?? '', text: message.text },
    );
  }
}

async function allianceOf(manager: EntityManager, playerId: number): Promise<number | null> {
  const [membership]: { alliance_id: number }[] = await manager.query(`SELECT alliance_id FROM alliance_members WHERE player_id = $1`, [
    playerId,
  ]);
  return membership ? Number(membership.alliance_id) : null;
}

/**
 * The player's alliance with its row held FOR SHARE, and the membership read again under it (a
 * leave or kick that committed between the two reads is seen): 403 outside an alliance.
 */
async function holdMembership(manager: EntityManager, playerId: number): Promise<HeldMembership> {
  const allianceId = await allianceOf(manager, playerId);
  if (allianceId !== null) {
    const [held]: { leader_id: string; hive_username: string }[] = await manager.query(
      `SELECT a.leader_id, p.hive_username FROM alliances a
         JOIN alliance_members m ON m.alliance_id = a.id AND m.player_id = $2 JOIN players p ON p.id = m.player_id
        WHERE a.id = $1 FOR SHARE OF a`,
      [allianceId, playerId],
    );
    if (held) return { allianceId, leaderId: Number(held.leader_id), username: held.hive_username };
  }
  throw ApiError.forbidden(AllianceChatMessages.notInAlliance);
}

async function holdLeadership(manager: EntityManager, playerId: number): Promise<HeldMembership> {
  const membership = await holdMembership(manager, playerId);
  if (membership.leaderId !== playerId) throw ApiError.forbidden(AllianceMessages.notLeader);
  return membership;
}

async function memberNamed(manager: EntityManager, allianceId: number, username: string): Promise<number> {
  const [member]: { player_id: string }[] = await manager.query(
    `SELECT m.player_id FROM alliance_members m JOIN players p ON p.id = m.player_id WHERE m.alliance_id = $1 AND p.hive_username = $2`,
    [allianceId, username],
  );
  if (!member) throw ApiError.notFound(AllianceChatMessages.targetNotMember);
  return Number(member.player_id);
}

async function unreadCount(manager: EntityManager, playerId: number, retentionStart: Date): Promise<number> {
  const [{ total }]: { total: string }[] = await manager.query(
    `SELECT count(*) AS total FROM alliance_members m
       JOIN alliance_chat_messages c ON c.alliance_id = m.alliance_id AND c.id > m.chat_read_id
        AND c.created_at >= m.joined_at AND c.created_at > $2 AND c.author_id IS DISTINCT FROM m.player_id
      WHERE m.player_id = $1`,
    [playerId, retentionStart],
  );
  return Number(total);
}
