import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations under the leader: whether members may issue them (off: the leader only), and
 * invitations the leader can list (by id; the token is never stored) and revoke.
 */
export class AllianceInvitationRules1765532100000 implements MigrationInterface {
  name = 'AllianceInvitationRules1765532100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE alliances ADD COLUMN members_may_invite boolean NOT NULL DEFAULT false`);
    await db.query(
      `ALTER TABLE alliance_invitations ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE, ADD COLUMN revoked_at timestamptz`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE alliance_invitations DROP COLUMN id, DROP COLUMN revoked_at`);
    await db.query(`ALTER TABLE alliances DROP COLUMN members_may_invite`);
  }
}
