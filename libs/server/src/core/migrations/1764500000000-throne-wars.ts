import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Throne Wars: one row per war (created when its voting opens, moved through its phases under a
 * row lock), the alliances' votes, the troops held in the throne's garrison and in rallies, every
 * battle fought, and the building levels granted to the winners.
 */
export class ThroneWars1764500000000 implements MigrationInterface {
  name = 'ThroneWars1764500000000';

  async up(db: QueryRunner): Promise<void> {
    const troops = `
        infantry bigint NOT NULL CHECK (infantry >= 0),
        archers bigint NOT NULL CHECK (archers >= 0),
        cavalries bigint NOT NULL CHECK (cavalries >= 0)`;
    await db.query(`
      CREATE TABLE throne_wars (
        id serial PRIMARY KEY,
        war_date date NOT NULL UNIQUE,
        status varchar(10) NOT NULL CHECK (status IN ('voting', 'waiting', 'active', 'completed')),
        voting_opens_at timestamptz NOT NULL,
        voting_closes_at timestamptz NOT NULL,
        battle_ends_at timestamptz NOT NULL,
        start_time timestamptz,
        occupier_alliance_id int REFERENCES alliances (id) ON DELETE SET NULL,
        occupied_since timestamptz,
        full_control_at timestamptz,
        winner_alliance_id int,
        winner_name varchar(30),
        winner_tag char(3),
        king_name varchar(16),
        completed_at timestamptz
      )`);
    await db.query(`
      CREATE TABLE throne_votes (
        war_id int NOT NULL REFERENCES throne_wars (id),
        alliance_id int NOT NULL REFERENCES alliances (id) ON DELETE CASCADE,
        time_slot varchar(5) NOT NULL,
        voted_by bigint NOT NULL REFERENCES players (id),
        voted_at timestamptz NOT NULL,
        PRIMARY KEY (war_id, alliance_id)
      )`);
    await db.query(`
      CREATE TABLE throne_garrison (
        war_id int NOT NULL REFERENCES throne_wars (id),
        player_id bigint NOT NULL REFERENCES players (id),${troops},
        PRIMARY KEY (war_id, player_id)
      )`);
    // A rally keeps its alliance's name for the record; its troops stay its participants' until it marches.
    await db.query(`
      CREATE TABLE throne_rallies (
        id serial PRIMARY KEY,
        war_id int NOT NULL REFERENCES throne_wars (id),
        alliance_id int REFERENCES alliances (id) ON DELETE SET NULL,
        alliance_name varchar(30) NOT NULL,
        creator_id bigint NOT NULL REFERENCES players (id),
        status varchar(10) NOT NULL CHECK (status IN ('gathering', 'marched', 'disbanded', 'returned')),
        created_at timestamptz NOT NULL,
        launch_at timestamptz NOT NULL,
        closed_at timestamptz
      )`);
    await db.query(`CREATE UNIQUE INDEX throne_rallies_one_gathering ON throne_rallies (war_id, alliance_id) WHERE status = 'gathering'`);
    await db.query(`CREATE INDEX throne_rallies_gathering ON throne_rallies (war_id, launch_at) WHERE status = 'gathering'`);
    await db.query(`
      CREATE TABLE throne_rally_troops (
        rally_id int NOT NULL REFERENCES throne_rallies (id),
        player_id bigint NOT NULL REFERENCES players (id),${troops},
        joined_at timestamptz NOT NULL,
        PRIMARY KEY (rally_id, player_id)
      )`);
    await db.query(`
      CREATE TABLE throne_battles (
        id serial PRIMARY KEY,
        war_id int NOT NULL REFERENCES throne_wars (id),
        kind varchar(5) NOT NULL CHECK (kind IN ('solo', 'rally')),
        rally_id int REFERENCES throne_rallies (id),
        attacker_alliance_id int,
        defender_alliance_id int,
        attacker_power bigint NOT NULL,
        defender_power bigint NOT NULL,
        winner varchar(8) NOT NULL CHECK (winner IN ('attacker', 'defender')),
        outcome jsonb NOT NULL,
        fought_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE throne_rewards (
        war_id int NOT NULL REFERENCES throne_wars (id),
        player_id bigint NOT NULL REFERENCES players (id),
        alliance_id int NOT NULL,
        role varchar(6) NOT NULL CHECK (role IN ('leader', 'member')),
        levels_granted int NOT NULL,
        before jsonb NOT NULL,
        after jsonb NOT NULL,
        granted_at timestamptz NOT NULL,
        PRIMARY KEY (war_id, player_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'throne_rewards',
      'throne_battles',
      'throne_rally_troops',
      'throne_rallies',
      'throne_garrison',
      'throne_votes',
      'throne_wars',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
