import { HttpStatus } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ALLIANCE_INVITATION_LIFETIME_MS } from '@runik/rules';
import { AllianceMessages } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';

/**
 * Invitation links: the only way into an alliance without the leader's review. A member issues one
 * (a random token; only its hash is stored); it lets one player in, before it expires, while the
 * member who issued it is still in the alliance.
 */

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** A new invitation to `allianceId`, issued by `memberId` (the caller has checked the membership under the alliance's lock). */
export async function issueInvitation(manager: EntityManager, allianceId: number, memberId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
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
export async function redeemInvitation(manager: EntityManager, token: string, allianceId: number, playerId: number, now: Date): Promise<void> {
  // In a CTE so TypeORM hands back plain rows (for a bare UPDATE it returns [rows, rowCount]).
  const used = await manager.query(
    `WITH used AS (
       UPDATE alliance_invitations i SET used_by = $3, used_at = $4
       WHERE token_hash = $1 AND alliance_id = $2 AND used_at IS NULL AND expires_at > $4
         AND EXISTS (SELECT 1 FROM alliance_members m WHERE m.player_id = i.created_by AND m.alliance_id = i.alliance_id)
       RETURNING 1)
     SELECT 1 FROM used`,
    [hashOf(token), allianceId, playerId, now],
  );
  if (used.length > 0) return;
  const [invitation]: { used_at: Date | null; expires_at: Date }[] = await manager.query(
    `SELECT used_at, expires_at FROM alliance_invitations WHERE token_hash = $1 AND alliance_id = $2`,
    [hashOf(token), allianceId],
  );
  if (invitation?.used_at) throw ApiError.conflict(AllianceMessages.invitationUsed);
  if (invitation && invitation.expires_at <= now) throw new ApiError(HttpStatus.GONE, AllianceMessages.invitationExpired);
  throw ApiError.notFound(AllianceMessages.invitationInvalid);
}
