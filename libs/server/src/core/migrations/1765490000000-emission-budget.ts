import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The solvent economy (docs/decisions.md, "The emission budget"):
 * - emission_days: one row per game day, its budget (thousandths of RUNIK) sized from the treasury
 *   and what was drawn from it; the CHECK makes overdrawing impossible whatever the code does.
 * - emission_draws: what each player drew in a game day, against their share.
 * - players.locked_runik: RUNIK a player may spend in the game but never withdraw (bought with
 *   SWAP.HIVE, or held beyond an activation's release).
 * - withdrawals.released_at: when a withdrawal was let go to the chain; the game-wide daily cap counts
 *   withdrawals by it, so one that waited in line counts against the day it left.
 * - A partial index on yesterday's harvests, which set each player's share.
 */
export class EmissionBudget1765490000000 implements MigrationInterface {
  name = 'EmissionBudget1765490000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE emission_days (
        day date PRIMARY KEY,
        budget bigint NOT NULL CHECK (budget >= 0),
        used bigint NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= budget),
        total_weight bigint NOT NULL CHECK (total_weight >= 0),
        sized_from_treasury boolean NOT NULL,
        treasury_rnk bigint,
        owed bigint,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE emission_draws (
        day date NOT NULL REFERENCES emission_days (day),
        player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        used bigint NOT NULL CHECK (used >= 0),
        PRIMARY KEY (day, player_id)
      )`);
    await db.query(`ALTER TABLE players ADD COLUMN locked_runik bigint NOT NULL DEFAULT 0 CHECK (locked_runik >= 0)`);
    await db.query(`ALTER TABLE withdrawals ADD COLUMN released_at timestamptz`);
    await db.query(`UPDATE withdrawals SET released_at = created_at WHERE status <> 'queued'`);
    await db.query(`CREATE INDEX withdrawals_released_idx ON withdrawals (released_at)`);
    await db.query(`CREATE INDEX ledger_entries_harvest_idx ON ledger_entries (created_at) WHERE reason = 'harvest'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ledger_entries_harvest_idx`);
    await db.query(`DROP INDEX withdrawals_released_idx`);
    await db.query(`ALTER TABLE withdrawals DROP COLUMN released_at`);
    await db.query(`ALTER TABLE players DROP COLUMN locked_runik`);
    await db.query(`DROP TABLE emission_draws`);
    await db.query(`DROP TABLE emission_days`);
  }
}
