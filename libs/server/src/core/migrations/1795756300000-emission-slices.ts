import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Solvent against swarms (issue 44; docs/decisions.md, "The emission budget"):
 * - emission_days: what the newcomers' and the releases' slices gave (`used` stays the day's total;
 *   the producers' slice gave the rest), and the last sized day's surplus less what was drawn since
 *   is read from the rows as they are.
 * - players.release_waiting: game-only RUNIK an activation is to release that its day's releases'
 *   slice could not (released in activation order on the next days, never confiscated).
 * - A free account's RUNIK beyond its RNK deposits becomes game-only (locked): it was minted with no
 *   budget behind it; only an activation's release, drawn from the budget, frees any of it.
 */
export class EmissionSlices1795756300000 implements MigrationInterface {
  name = 'EmissionSlices1795756300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE emission_days
        ADD COLUMN newcomers_used bigint NOT NULL DEFAULT 0 CHECK (newcomers_used >= 0),
        ADD COLUMN releases_used bigint NOT NULL DEFAULT 0 CHECK (releases_used >= 0)`);
    await db.query(`ALTER TABLE players ADD COLUMN release_waiting bigint NOT NULL DEFAULT 0 CHECK (release_waiting >= 0)`);
    await db.query(`
      UPDATE players p SET locked_runik = GREATEST(p.locked_runik, b.amount - coalesce(d.deposited, 0))
        FROM balances b JOIN ledger_accounts a ON a.id = b.account_id
        LEFT JOIN (SELECT player_id, sum(amount_thousandths) AS deposited FROM deposits WHERE status = 'completed' GROUP BY player_id) d
          ON d.player_id = a.player_id
       WHERE a.player_id = p.id AND b.asset = 'runik' AND p.activation <> 'paid'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE players DROP COLUMN release_waiting`);
    await db.query(`ALTER TABLE emission_days DROP COLUMN newcomers_used, DROP COLUMN releases_used`);
  }
}
