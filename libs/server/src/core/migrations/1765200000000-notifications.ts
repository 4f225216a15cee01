import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The players' inbox: one row per event per recipient, written in the transaction of the event.
 * `source` names the cause (`battle:12`); the unique key makes a replayed event notify nobody twice.
 */
export class Notifications1765200000000 implements MigrationInterface {
  name = 'Notifications1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE notifications (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        kind text NOT NULL,
        source text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        read_at timestamptz
      )`);
    await db.query(`CREATE UNIQUE INDEX notifications_once_idx ON notifications (player_id, kind, source)`);
    await db.query(`CREATE INDEX notifications_inbox_idx ON notifications (player_id, id DESC)`);
    await db.query(`CREATE INDEX notifications_unread_idx ON notifications (player_id) WHERE read_at IS NULL`);
    await db.query(`CREATE INDEX notifications_expiry_idx ON notifications (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE notifications`);
  }
}
