import { EntityManager } from 'typeorm';
import type { AllianceIcon } from '@runik/rules';
import { AllianceMessages } from '@runik/contract';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { NotificationPush } from '../notifications/notification-push';

// What the alliance's services share: its rows, their locks and checks, and the room pushes after a change.

export interface AllianceRow {
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
export interface LockedAlliance {
  row: AllianceRow;
  members: { playerId: number; username: string; joinedAt: Date }[];
}

/**
 * What alliance notifications are about: a request, or a membership, named by its alliance, its
 * player and when it began (a player may ask, join and leave again: each time is news), so a kick
 * and the welcome of the same membership name the same cause.
 */
export const requestSource = (allianceId: number, playerId: number, at: Date) =>
  `alliance-request:${allianceId}:${playerId}:${at.getTime()}`;
export const membershipSource = (allianceId: number, playerId: number, at: Date) =>
  `alliance-member:${allianceId}:${playerId}:${at.getTime()}`;

/** The leader may always invite; a member when the leader allows it. */
export function mayInvite(row: AllianceRow, playerId: number): boolean {
  return Number(row.leader_id) === playerId || row.members_may_invite;
}

export async function lockAlliance(manager: EntityManager, allianceId: number): Promise<LockedAlliance> {
  const [row]: AllianceRow[] = await manager.query(`SELECT * FROM alliances WHERE id = $1 FOR UPDATE`, [allianceId]);
  if (!row) throw ApiError.notFound(AllianceMessages.allianceNotFound);
  return { row, members: await membersOf(manager, allianceId) };
}

export async function membersOf(manager: EntityManager, allianceId: number): Promise<LockedAlliance['members']> {
  const rows: { player_id: string; hive_username: string; joined_at: Date }[] = await manager.query(
    `SELECT m.player_id, p.hive_username, m.joined_at FROM alliance_members m JOIN players p ON p.id = m.player_id
     WHERE m.alliance_id = $1 ORDER BY m.joined_at, m.player_id`,
    [allianceId],
  );
  return rows.map((row) => ({ playerId: Number(row.player_id), username: row.hive_username, joinedAt: row.joined_at }));
}

/** What every alliance notification names. */
export function about({ row }: LockedAlliance): { allianceId: number; allianceName: string } {
  return { allianceId: row.id, allianceName: row.name };
}

/** Only the leader leads; a player of another alliance is told it is not theirs. */
export function assertLeader({ row, members }: LockedAlliance, playerId: number): void {
  if (Number(row.leader_id) === playerId) return;
  const isMember = members.some((member) => member.playerId === playerId);
  throw ApiError.forbidden(isMember ? AllianceMessages.notLeader : AllianceMessages.notMember);
}

export async function assertNotInAlliance(manager: EntityManager, playerId: number, message: string): Promise<void> {
  const rows = await manager.query(`SELECT 1 FROM alliance_members WHERE player_id = $1`, [playerId]);
  if (rows.length > 0) throw ApiError.conflict(message);
}

/** The membership key is the real guard against a second alliance; a new member's other requests go. */
export async function addMember(
  manager: EntityManager,
  allianceId: number,
  playerId: number,
  now: Date,
  alreadyMessage: string,
): Promise<void> {
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

/** The alliance a player belongs to, if any. */
export async function allianceOf(manager: EntityManager, playerId: number): Promise<number | null> {
  const [membership] = await manager.query(`SELECT alliance_id FROM alliance_members WHERE player_id = $1`, [playerId]);
  return membership ? Number(membership.alliance_id) : null;
}

/**
 * Once committed: the newcomer's open sockets join the alliance's room, then the room (them
 * included) refreshes the alliance; the action answers once Redis has taken both, so the newcomer
 * hears every chat line sent after the answer.
 */
export async function joinedRoom(push: NotificationPush, playerId: number, allianceId: number): Promise<void> {
  push.moveSockets(playerId, { join: allianceId });
  push.allianceChanged(allianceId);
  await push.sent();
}

/**
 * Once committed: the room refreshes the alliance while the leavers' sockets are still in it (so
 * their other tabs do too), then they leave it, on every replica before the action answers: no
 * chat line sent after the answer reaches them.
 */
export async function leftRoom(push: NotificationPush, allianceId: number, playerIds: number[]): Promise<void> {
  push.allianceChanged(allianceId);
  for (const playerId of playerIds) push.moveSockets(playerId, { leave: allianceId });
  await push.sent();
}
