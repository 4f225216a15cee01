import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alliance invitations (single-use links a member issues, stored as the token's SHA-256), and alliance
 * names unique on their NFKC form: the api stores names normalised, and the index holds whatever
 * writes them, so a full-width or compatibility spelling of a name never makes a second alliance.
 */
export class AllianceInvitationsNames1764600000000 implements MigrationInterface {
  name = 'AllianceInvitationsNames1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE alliance_invitations (
        token_hash bytea PRIMARY KEY,
        alliance_id int NOT NULL REFERENCES alliances (id) ON DELETE CASCADE,
        created_by bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_by bigint REFERENCES players (id) ON DELETE SET NULL,
        used_at timestamptz,
        CHECK (used_by IS NULL OR used_at IS NOT NULL)
      )`);
    await db.query(`CREATE INDEX alliance_invitations_alliance_idx ON alliance_invitations (alliance_id)`);
    await db.query(`UPDATE alliances SET name = normalize(name, NFKC) WHERE name <> normalize(name, NFKC)`);
    await db.query(`DROP INDEX alliances_name_key`);
    await db.query(`CREATE UNIQUE INDEX alliances_name_key ON alliances (lower(normalize(name, NFKC)))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX alliances_name_key`);
    await db.query(`CREATE UNIQUE INDEX alliances_name_key ON alliances (lower(name))`);
    await db.query(`DROP TABLE alliance_invitations`);
  }
}
