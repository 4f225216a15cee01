import { EntityManager } from 'typeorm';
import { createServiceTest, ServiceTest } from '../../testing/service-test';
import { TestClock } from '../../testing/test-clock';
import { retryingTransaction } from './transaction';

/**
 * Two transactions that lock the same two cities in opposite orders, each waiting until the other
 * holds its first lock: PostgreSQL must break the cycle by aborting one of them.
 */
describe('retryingTransaction', () => {
  const clock = new TestClock('2026-03-01T10:00:00Z');
  let t: ServiceTest;
  let first: number;
  let second: number;

  beforeAll(async () => {
    t = await createServiceTest({ clock, poolSize: 4 });
    first = await t.newPlayer('lockfirst');
    second = await t.newPlayer('locksecond');
  });
  afterAll(() => t?.close());

  /** Locks `a`, waits until the other side has locked its first city, then locks `b`. */
  function crossing(runs: { count: number }, ready: { count: number }, a: number, b: number) {
    return async (manager: EntityManager) => {
      runs.count += 1;
      await manager.query(`SELECT 1 FROM cities WHERE player_id = $1 FOR UPDATE`, [a]);
      ready.count += 1;
      while (ready.count < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      await manager.query(`SELECT 1 FROM cities WHERE player_id = $1 FOR UPDATE`, [b]);
      return 'done';
    };
  }

  it('runs again the transaction PostgreSQL aborted to break a deadlock, so both succeed', async () => {
    const runs = { count: 0 };
    const ready = { count: 0 };
    const results = await Promise.all([
      retryingTransaction(t.dataSource, crossing(runs, ready, first, second)),
      retryingTransaction(t.dataSource, crossing(runs, ready, second, first)),
    ]);
    expect(results).toEqual(['done', 'done']);
    // At least one ran again. Usually exactly one, once; on a loaded machine the retry once took the freed row
    // before the transaction woken for it did, met it again, and ran a third time (4 runs).
    expect(runs.count).toBeGreaterThanOrEqual(3);
  });

  it('the same crossing in plain transactions fails one of them with deadlock_detected (what the retry is for)', async () => {
    const runs = { count: 0 };
    const ready = { count: 0 };
    const outcomes = await Promise.allSettled([
      t.dataSource.transaction(crossing(runs, ready, first, second)),
      t.dataSource.transaction(crossing(runs, ready, second, first)),
    ]);
    const failed = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(failed[0].reason).toMatchObject({ code: '40P01' });
  });

  it('does not run again a transaction that failed for any other reason', async () => {
    let runs = 0;
    await expect(
      retryingTransaction(t.dataSource, async (manager) => {
        runs += 1;
        await manager.query(`SELECT 1 / 0`);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(runs).toBe(1);
  });
});
