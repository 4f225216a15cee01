import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One player's harvests since a moment are read by their account (`ledger_entries_account_idx`): the quests' harvest
 * count (in every counted action) and a conversion's allowance. The index of every player's harvests by time, which
 * only the day's budget sizing wanted, made the planner walk the whole game's harvests of the day for one player: the
 * ledger is analyzed rarely, so the day's entries always looked few, and each such call cost PostgreSQL more as the day
 * went on (docs/benchmarks.md, "The quests' harvest count"). The sizing, once a day, reads through the accounts.
 */
export class HarvestsByAccount1796000600000 implements MigrationInterface {
  name = 'HarvestsByAccount1796000600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ledger_entries_harvest_idx`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX ledger_entries_harvest_idx ON ledger_entries (created_at) WHERE reason = 'harvest'`);
  }
}
