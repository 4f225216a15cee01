import { DataSource } from 'typeorm';
import { gearBaseExp, heldExp } from '@runik/rules';
import { connectionOptions } from '../database/data-source';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { GearExpValue1765440000000 } from './1765440000000-gear-exp-value';

let database: TestDatabase;
let dataSource: DataSource;
const migration = new GearExpValue1765440000000();

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = await new DataSource(connectionOptions(database.url, [], { max: 2 })).initialize();
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe('the gear material value backfill', () => {
  it('gives each existing gear its base value where it was made plus the experience it absorbed since, never the old level × value', async () => {
    const runner = dataSource.createQueryRunner();
    await migration.down(runner);
    const [{ id: playerId }] = await dataSource.query(
      `INSERT INTO players (hive_username, referrer, activation, created_at) VALUES ('smith', 'runik.game', 'free', now()) RETURNING id`,
    );
    const gear = async (rarity: string, level: number, currentExp: number): Promise<number> => {
      const [{ id }] = await dataSource.query(
        `INSERT INTO gears (owner_id, type, category, rarity, level, current_exp, created_at) VALUES ($1, 'wheat', 'mayor', $2, $3, $4, now()) RETURNING id`,
        [playerId, rarity, level, currentExp],
      );
      return Number(id);
    };
    const upgraded = (gearId: number, levelBefore: number, levelAfter: number, expGained: number, at: string) =>
      dataSource.query(
        `INSERT INTO gear_upgrades (player_id, gear_id, gear_name, level_before, level_after, exp_gained, materials_used, upgraded_at) VALUES ($1, $2, 'g', $3, $4, $5, 1, $6)`,
        [playerId, gearId, levelBefore, levelAfter, expGained, at],
      );

    const untouched = await gear('epic', 3, 0);
    const fed = await gear('common', 3, 50);
    await upgraded(fed, 1, 3, 350, '2026-01-01T00:00:00Z');
    const maxed = await gear('legendary', 20, 0);
    await upgraded(maxed, 19, 20, 32_400, '2026-01-01T00:00:00Z');
    const fromPack = await gear('epic', 6, 30);
    await upgraded(fromPack, 5, 6, 400, '2026-01-02T00:00:00Z');
    await upgraded(fromPack, 5, 5, 130, '2026-01-01T00:00:00Z');

    await migration.up(runner);
    await runner.release();
    const values = new Map(
      (await dataSource.query(`SELECT id, exp_value FROM gears`)).map((row: { id: string; exp_value: number }) => [
        Number(row.id),
        row.exp_value,
      ]),
    );
    expect(values).toEqual(
      new Map([
        [untouched, gearBaseExp('epic', 3)],
        // Made at level 1 (20), then fed the 350 it holds: not 20 × 3 + 25 as before.
        [fed, 20 + 350],
        // Only the 1,900 that took it from level 19 to 20 counts, not the 32,400 its material gave.
        [maxed, 540 * 19 + 1_900],
        // Made at level 5 (its first upgrade's level before), then 500 + 30 absorbed.
        [fromPack, 180 * 5 + heldExp(6, 30) - heldExp(5, 0)],
      ]),
    );
    expect(values.get(fromPack)).toBe(1_430);
    const [{ is_nullable }] = await dataSource.query(
      `SELECT is_nullable FROM information_schema.columns WHERE table_name = 'gears' AND column_name = 'exp_value'`,
    );
    expect(is_nullable).toBe('NO');
  });
});
