import { HttpStatus } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ALLIANCE_INVITATION_LIFETIME_MS, ALLIANCE_OPEN_INVITATIONS_MAX } from '@runik/rules';
import { AllianceMessages } from '@runik/contract';
import type { OpenInvitation } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';

/**
 * Invitation links: the only way into an alliance without the leader's review. The leader issues one
 * (a member too, when the leader allows it: alliances.members_may_invite), at most
 * ALLIANCE_OPEN_INVITATIONS_MAX open at once (a random token; only its hash is stored); it lets one
 * player in, before it expires and unless the leader revoked it, while the member who issued it is
 * still in the alliance and may still invite.
 */

/** Open: unused, unrevoked, unexpired. */
const OPEN = `i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2`;

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * A new invitation to `allianceId`, issued by `memberId` (the caller has checked that they may, under
 * the alliance's lock, which also keeps two issues from both taking the last open place).
 */
export async function issueInvitation(
  manager: EntityManager,
  allianceId: number,
  memberId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const [{ open }]: { open: number }[] = await manager.query(
    `SELECT count(*)::int AS open FROM alliance_invitations i WHERE i.alliance_id = $1 AND ${OPEN}`,
    [allianceId, now],
  );
  if (open >= ALLIANCE_OPEN_INVITATIONS_MAX) throw ApiError.conflict(AllianceMessages.invitationsCapped);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + ALLIANCE_INVITATION_LIFETIME_MS);
  await manager.query(
    `INSERT INTO alliance_invitations (token_hash, alliance_id, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [hashOf(token), allianceId, memberId, now, expiresAt],
  );
  return { token, expiresAt };
}

/**
 * Uses the invitation for `playerId` in one conditional statement (unused, unexpired, its issuer
 * still a member), or refuses with why. Runs in the join's transaction, so a join that fails
 * afterwards leaves the invitation unused.
 */
export async function redeemInvitation(
  manager: EntityManager,
  token: string,
  allianceId: number,
  playerId: number,
  now: Date,
): Promise<void> {
  // In a CTE so TypeORM hands back plain rows (for a bare UPDATE it returns [rows, rowCount]).
  const used = await manager.query(
    `WITH used AS (
       UPDATE alliance_invitations i SET used_by = $3, used_at = $4
       WHERE token_hash = $1 AND alliance_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $4
         AND EXISTS (SELECT 1 FROM alliance_members m WHERE m.player_id = i.created_by AND m.alliance_id = i.alliance_id)
         AND EXISTS (SELECT 1 FROM alliances a WHERE a.id = i.alliance_id AND (a.leader_id = i.created_by OR a.members_may_invite))
       RETURNING 1)
     SELECT 1 FROM used`,
    [hashOf(token), allianceId, playerId, now],
  );
  if (used.length > 0) return;
  const [invitation]: { used_at: Date | null; revoked_at: Date | null; expires_at: Date }[] = await manager.query(
    `SELECT used_at, revoked_at, expires_at FROM alliance_invitations WHERE token_hash = $1 AND alliance_id = $2`,
    [hashOf(token), allianceId],
  );
  if (invitation?.used_at) throw ApiError.conflict(AllianceMessages.invitationUsed);
  if (invitation?.revoked_at) throw new ApiError(HttpStatus.GONE, AllianceMessages.invitationRevoked);
  if (invitation && invitation.expires_at <= now) throw new ApiError(HttpStatus.GONE, AllianceMessages.invitationExpired);
  throw ApiError.notFound(AllianceMessages.invitationInvalid);
}

/** The alliance's open invitations, oldest first (for its leader). */
export async function openInvitations(manager: EntityManager, allianceId: number, now: Date): Promise<OpenInvitation[]> {
  const rows: { id: string; hive_username: string; created_at: Date; expires_at: Date }[] = await manager.query(
    `SELECT i.id, p.hive_username, i.created_at, i.expires_at FROM alliance_invitations i JOIN players p ON p.id = i.created_by
     WHERE i.alliance_id = $1 AND ${OPEN} ORDER BY i.created_at, i.id`,
    [allianceId, now],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    createdBy: row.hive_username,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  }));
}

/** Revokes one open invitation of the alliance; 404 when there is none with that id. */
export async function revokeInvitation(manager: EntityManager, allianceId: number, invitationId: number, now: Date): Promise<void> {
  const revoked = await manager.query(
    `WITH revoked AS (UPDATE alliance_invitations i SET revoked_at = $2 WHERE i.alliance_id = $1 AND i.id = $3 AND ${OPEN} RETURNING 1) SELECT 1 FROM revoked`,
    [allianceId, now, invitationId],
  );
  if (revoked.length === 0) throw ApiError.notFound(AllianceMessages.invitationNotFound);
}

/** Revokes the open invitations of members other than the leader (when the leader stops letting members invite). */
export async function revokeMembersInvitations(manager: EntityManager, allianceId: number, leaderId: number, now: Date): Promise<void> {
  await manager.query(`UPDATE alliance_invitations i SET revoked_at = $2 WHERE i.alliance_id = $1 AND i.created_by <> $3 AND ${OPEN}`, [
    allianceId,
    now,
    leaderId,
  ]);
}
