import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every citadel attack as fought, for its battle report: the army and commander boosts it went in
 * with, the attack number of the day (which sets the casualties), the damage and the boss before and after.
 */
export class CitadelAttacks1765300000000 implements MigrationInterface {
  name = 'CitadelAttacks1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE citadel_attacks (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id),
        floor int NOT NULL,
        attack_number int NOT NULL,
        army jsonb NOT NULL,
        bonuses jsonb NOT NULL,
        casualties jsonb NOT NULL,
        damage bigint NOT NULL,
        boss_hp_before bigint NOT NULL,
        boss_hp_after bigint NOT NULL,
        fought_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX citadel_attacks_player_idx ON citadel_attacks (player_id, fought_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE citadel_attacks`);
  }
}
