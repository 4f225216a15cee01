import { TestClock } from '../testing/test-clock';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { rows } from '../core/database/sql';
import { questCounts } from './quest-progress';

let t: ServiceTest;
const clock = new TestClock('2026-03-01T15:00:00Z');

beforeAll(async () => {
  t = await createServiceTest({ clock });
});
afterAll(() => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  Plans?: PlanNode[];
}

/** Every ledger entry a plan's nodes read, kept or thrown away, over all its loops. */
function ledgerRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'ledger_entries' ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'] : 0;
  return own + (node['Rows Removed by Join Filter'] ?? 0) + (node.Plans ?? []).reduce((sum, child) => sum + ledgerRowsRead(child), 0);
}

describe('quest counts', () => {
  it('read one player’s harvests of the day, however many the game made since the ledger was analyzed', async () => {
    const others = [];
    for (let i = 0; i < 120; i++) others.push(await t.newPlayer(`harvester${i}`));
    const playerId = await t.newPlayer('questcounts');
    // Statistics from before the day's harvests, as a large ledger has between autovacuum's rare ANALYZEs.
    await t.dataSource.query('ANALYZE ledger_entries');
    clock.set('2026-03-01T15:30:00Z');
    for (const other of others) await t.cityService.harvest(other);
    await t.cityService.harvest(playerId);

    const statement = questCounts(playerId, clock.now());
    const [counts] = await rows(t.dataSource.manager, statement);
    expect(counts.harvest).toBe(1);
    // The statement is prepared: PostgreSQL may plan it for these parameters or once for any (after five runs, when
    // that looks no dearer). Either way, the player's own entries of the day (a harvest posts a few legs), not the
    // 120 other players' harvests.
    const runner = t.dataSource.createQueryRunner();
    try {
      await runner.query(`PREPARE counts AS ${statement.sql}`);
      const values = statement.parameters.map((value) => (value instanceof Date ? `'${value.toISOString()}'` : `'${String(value)}'`));
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await runner.query(`SET plan_cache_mode = ${mode}`);
        const [{ 'QUERY PLAN': plan }] = await runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE counts (${values.join(', ')})`);
        expect({ mode, rows: ledgerRowsRead(plan[0].Plan) < 40 }).toEqual({ mode, rows: true });
      }
    } finally {
      await runner.query('RESET plan_cache_mode');
      await runner.query('DEALLOCATE counts');
      await runner.release();
    }
  });
});
