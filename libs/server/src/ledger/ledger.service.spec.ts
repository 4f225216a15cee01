import { DataSource, EntityManager } from 'typeorm';
import { isLedgerReason } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { dataSourceOptions } from '../database';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { LedgerService } from './ledger.service';
import { Asset, InsufficientFundsError, Posting } from './ledger.types';

let database: TestDatabase;
let dataSource: DataSource;
let ledger: LedgerService;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url, { max: 40 })).initialize();
  ledger = new LedgerService(new Clock());
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

let nextPlayer = 0;
async function newPlayer(runik = 0): Promise<number> {
  nextPlayer += 1;
  const [{ id }] = await dataSource.query(
    `INSERT INTO players (hive_username, referrer, activation, created_at) VALUES ($1, 'runik.game', 'free', now()) RETURNING id`,
    [`ledger${nextPlayer}`],
  );
  const playerId = Number(id);
  await dataSource.transaction(async (manager) => {
    await ledger.openPlayerAccount(manager, playerId);
    if (runik > 0)
      await ledger.post(manager, {
        reason: 'test-grant',
        legs: [
          { account: { system: 'system:mint' }, asset: 'runik', delta: -runik },
          { account: { playerId }, asset: 'runik', delta: runik },
        ],
      });
  });
  return playerId;
}

const mintEntries = async (manager: EntityManager = dataSource.manager): Promise<number> =>
  (
    await manager.query(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = 'system:mint'`,
    )
  )[0].n;

const runikOf = async (playerId: number) => (await ledger.balancesOf(dataSource.manager, playerId)).runik;

function pay(from: number, to: number, amount: number) {
  return dataSource.transaction((manager) =>
    ledger.post(manager, {
      reason: 'gear-sale',
      legs: [
        { account: { playerId: from }, asset: 'runik', delta: -amount },
        { account: { playerId: to }, asset: 'runik', delta: amount },
      ],
    }),
  );
}

async function totals(): Promise<Record<string, number>> {
  const rows: { asset: Asset; total: string }[] = await dataSource.query(`SELECT asset, sum(amount) AS total FROM balances GROUP BY asset`);
  return Object.fromEntries(rows.map((row) => [row.asset, Number(row.total)]));
}

describe('LedgerService', () => {
  it('moves amounts and records one entry per leg with the balance after', async () => {
    const alice = await newPlayer(5_000);
    const bob = await newPlayer();
    await pay(alice, bob, 1_250);
    expect(await runikOf(alice)).toBe(3_750);
    expect(await runikOf(bob)).toBe(1_250);
    const entries = await dataSource.query(
      `SELECT e.delta, e.balance_after FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.player_id = $1 ORDER BY e.id`,
      [alice],
    );
    expect(entries).toEqual([
      { delta: 5_000, balance_after: 5_000 },
      { delta: -1_250, balance_after: 3_750 },
    ]);
  });

  it('takes only a reason of the closed list: a misspelled one does not compile', () => {
    const posting: Posting = {
      // @ts-expect-error 'withdrawl' is no ledger reason: the typecheck fails the day this line compiles.
      reason: 'withdrawl',
      legs: [],
    };
    expect(isLedgerReason(posting.reason)).toBe(false);
  });

  it('refuses an unbalanced posting or a fractional amount and writes nothing', async () => {
    const alice = await newPlayer(1_000);
    const before = await dataSource.query(`SELECT count(*)::int AS n FROM ledger_entries`);
    await expect(
      dataSource.transaction((manager) =>
        ledger.post(manager, { reason: 'test-grant', legs: [{ account: { playerId: alice }, asset: 'runik', delta: 10 }] }),
      ),
    ).rejects.toThrow(/Unbalanced/);
    await expect(pay(alice, alice + 0, 0.5)).rejects.toThrow(/integer/);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM ledger_entries`)).toEqual(before);
  });

  it('never overdraws: the debit fails and the whole transaction rolls back', async () => {
    const alice = await newPlayer(1_000);
    const bob = await newPlayer();
    await expect(pay(alice, bob, 1_001)).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(pay(bob, alice, 1)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await runikOf(alice)).toBe(1_000);
    expect(await runikOf(bob)).toBe(0);
  });

  it('lets exactly one of 30 simultaneous spends of the same funds succeed', async () => {
    const alice = await newPlayer(1_000);
    const bob = await newPlayer();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => pay(alice, bob, 1_000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError);
    }
    expect(await runikOf(alice)).toBe(0);
    expect(await runikOf(bob)).toBe(1_000);
  });

  it('conserves every asset and never deadlocks under random concurrent transfers', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(10_000)));
    const before = await totals();
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const transfers = Array.from({ length: 300 }, () => {
      const from = players[Math.floor(random() * players.length)];
      const to = players[Math.floor(random() * players.length)];
      return { from, to, amount: 1 + Math.floor(random() * 4_000) };
    });
    const results = await Promise.allSettled(transfers.filter((t) => t.from !== t.to).map((t) => pay(t.from, t.to, t.amount)));
    const unexpected = results.filter(
      (r) => r.status === 'rejected' && !((r as PromiseRejectedResult).reason instanceof InsufficientFundsError),
    );
    expect(unexpected).toEqual([]);
    expect(await totals()).toEqual(before);
    const held = await Promise.all(players.map(runikOf));
    expect(held.reduce((sum, amount) => sum + amount, 0)).toBe(60_000);
    expect(Math.min(...held)).toBeGreaterThanOrEqual(0);
    // Balances equal the sum of their entries.
    const mismatches = await dataSource.query(`
      SELECT b.account_id FROM balances b
        LEFT JOIN (SELECT account_id, asset, sum(delta) AS total FROM ledger_entries GROUP BY account_id, asset) e
          ON e.account_id = b.account_id AND e.asset = b.asset
       WHERE b.amount <> coalesce(e.total, 0)`);
    expect(mismatches).toEqual([]);
  });

  it("writes a transaction's system legs at its commit: every entry's balance after is the running sum of its account", async () => {
    const alice = await newPlayer();
    const mintedBefore = await mintEntries();
    const mint = (manager: EntityManager, amount: number) =>
      ledger.post(manager, {
        reason: 'test-grant',
        legs: [
          { account: { system: 'system:mint' }, asset: 'runik', delta: -amount },
          { account: { playerId: alice }, asset: 'runik', delta: amount },
        ],
      });
    await dataSource.transaction(async (manager) => {
      await mint(manager, 300);
      await mint(manager, 200);
      await ledger.post(manager, {
        reason: 'pack-purchase',
        legs: [
          { account: { playerId: alice }, asset: 'runik', delta: -100 },
          { account: { system: 'system:burn' }, asset: 'runik', delta: 100 },
        ],
      });
      // Held back until the commit: nothing of the mint's is written yet.
      expect(await mintEntries(manager)).toBe(mintedBefore);
    });
    expect(await mintEntries()).toBe(mintedBefore + 2);
    expect(await runikOf(alice)).toBe(400);
    const wrong = await dataSource.query(`
      SELECT id FROM (
        SELECT id, balance_after, sum(delta) OVER (PARTITION BY account_id, asset ORDER BY id) AS running FROM ledger_entries) e
       WHERE balance_after <> running`);
    expect(wrong).toEqual([]);
  });

  it("writes a posting's deferred player credits at the commit too, with balances after in posting order", async () => {
    const [alice, bob] = [await newPlayer(), await newPlayer()];
    const deposit = (manager: EntityManager, playerId: number, amount: number) =>
      ledger.post(manager, {
        reason: 'deposit',
        deferCredits: true,
        legs: [
          { account: { system: 'external:hive-engine' }, asset: 'runik', delta: -amount },
          { account: { playerId }, asset: 'runik', delta: amount },
        ],
      });
    await dataSource.transaction(async (manager) => {
      await deposit(manager, bob, 70);
      await deposit(manager, alice, 30);
      await deposit(manager, bob, 5);
      // Held back until the commit, the player's credit with the system's leg.
      expect((await ledger.balancesOf(manager, bob)).runik).toBe(0);
    });
    expect([await runikOf(alice), await runikOf(bob)]).toEqual([30, 75]);
    const entries = await dataSource.query<{ delta: string; balance_after: string }[]>(
      `SELECT e.delta, e.balance_after FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.player_id = $1 ORDER BY e.id`,
      [bob],
    );
    expect(entries.map((entry) => [Number(entry.delta), Number(entry.balance_after)])).toEqual([
      [70, 70],
      [5, 75],
    ]);
  });

  it('drops the system legs of what rolls back, a savepoint included', async () => {
    const alice = await newPlayer();
    const mintedBefore = await mintEntries();
    const mint = (manager: EntityManager, amount: number) =>
      ledger.post(manager, {
        reason: 'test-grant',
        legs: [
          { account: { system: 'system:mint' }, asset: 'wheat', delta: -amount },
          { account: { playerId: alice }, asset: 'wheat', delta: amount },
        ],
      });
    await expect(
      dataSource.transaction(async (manager) => {
        await mint(manager, 50);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await dataSource.transaction(async (manager) => {
      await mint(manager, 70);
      await manager.transaction((inner) => mint(inner, 1_000).then(() => Promise.reject(new Error('inner')))).catch(() => undefined);
    });
    expect(await mintEntries()).toBe(mintedBefore + 1);
    expect((await ledger.balancesOf(dataSource.manager, alice)).wheat).toBe(70);
    expect((await totals()).wheat).toBe(0);
  });

  it('refuses a commit whose deferred legs failed: the transaction throws their error, writes nothing, and no later subscriber hears of a commit', async () => {
    const [alice, bob] = [await newPlayer(1_000), await newPlayer()];
    // A process's own: a subscriber acting on commits registered at its start, before the ledger's first deferred leg
    // registers the ledger's (NotificationPush does so).
    const process = await new DataSource(dataSourceOptions(database.url, { max: 2 })).initialize();
    const heard: string[] = [];
    process.subscribers.push({
      afterTransactionCommit: (event) => void (event.queryRunner.data.sale && heard.push(event.queryRunner.data.sale)),
    });
    const sale = (name: string) =>
      process.transaction(async (manager) => {
        manager.queryRunner!.data.sale = name;
        await manager.query(`SET LOCAL lock_timeout = '200ms'`);
        await ledger.post(manager, {
          reason: 'gear-sale',
          legs: [
            { account: { playerId: alice }, asset: 'runik', delta: -100 },
            { account: { playerId: bob }, asset: 'runik', delta: 90 },
            { account: { system: 'system:tax' }, asset: 'runik', delta: 10 },
          ],
        });
      });
    try {
      await sale('first');
      // Another transaction holds the tax account's row: the deferred legs, sent with COMMIT behind them, wait past the timeout.
      const holder = dataSource.createQueryRunner();
      await holder.startTransaction();
      await holder.query(
        `SELECT 1 FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.code = 'system:tax' FOR UPDATE OF b`,
      );
      try {
        await expect(sale('refused')).rejects.toMatchObject({ driverError: { code: '55P03' } });
      } finally {
        await holder.rollbackTransaction();
        await holder.release();
      }
      expect([await runikOf(alice), await runikOf(bob)]).toEqual([900, 90]);
      // The connections go on: the same sale, with the row free, commits and is heard of.
      await sale('third');
    } finally {
      await process.destroy();
    }
    expect(heard).toEqual(['first', 'third']);
    expect([await runikOf(alice), await runikOf(bob)]).toEqual([800, 180]);
  });

  it('never deadlocks on the shared system rows: 60 concurrent transactions minting and burning several assets in random orders', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer()));
    const assets: Asset[] = ['wheat', 'lumber', 'stone', 'ore'];
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        dataSource.transaction(async (manager) => {
          const playerId = players[i % players.length];
          const order = i % 2 === 0 ? assets : [...assets].reverse();
          for (const asset of order) {
            await ledger.post(manager, {
              reason: 'test-grant',
              legs: [
                { account: { system: 'system:mint' }, asset, delta: -10 },
                { account: { playerId }, asset, delta: 10 },
              ],
            });
          }
          await ledger.post(manager, {
            reason: 'heal',
            legs: order.flatMap((asset) => [
              { account: { playerId }, asset, delta: -4 },
              { account: { system: 'system:burn' as const }, asset, delta: 4 },
            ]),
          });
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const held = await Promise.all(players.map((playerId) => ledger.balancesOf(dataSource.manager, playerId)));
    for (const asset of assets) expect(held.reduce((sum, balances) => sum + balances[asset], 0)).toBe(60 * 6);
    for (const total of Object.values(await totals())) expect(total).toBe(0);
  });

  it('writes every leg of postings of one to many legs, whose statement is planned once per connection for up to twelve', async () => {
    for (const count of [1, 2, 12, 13]) {
      const players = await Promise.all(Array.from({ length: count }, () => newPlayer()));
      await dataSource.transaction((manager) =>
        ledger.post(manager, {
          reason: 'test-grant',
          reference: `legs:${count}`,
          legs: [
            ...players.map((playerId) => ({ account: { playerId }, asset: 'runik' as const, delta: 7 })),
            { account: { system: 'system:mint' }, asset: 'runik', delta: -7 * count },
          ],
        }),
      );
      expect(await Promise.all(players.map(runikOf))).toEqual(players.map(() => 7));
      const [{ entries }] = await dataSource.query(`SELECT count(*)::int AS entries FROM ledger_entries WHERE reference = $1`, [
        `legs:${count}`,
      ]);
      expect({ count, entries }).toEqual({ count, entries: count + 1 });
    }

    // One connection: after five plans made for their parameters, PostgreSQL keeps the one made once for the statement.
    const [alice, bob] = [await newPlayer(1_000), await newPlayer()];
    const runner = dataSource.createQueryRunner();
    try {
      for (let time = 0; time < 8; time += 1) {
        await runner.startTransaction();
        await ledger.post(runner.manager, {
          reason: 'gear-sale',
          legs: [
            { account: { playerId: alice }, asset: 'runik', delta: -1 },
            { account: { playerId: bob }, asset: 'runik', delta: 1 },
          ],
        });
        await runner.commitTransaction();
      }
      const [plans] = await runner.query(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE 'WITH legs AS%LIMIT 2)%'`,
      );
      expect(plans).toEqual({ generic_plans: expect.any(Number), custom_plans: 5 });
      expect(plans.generic_plans).toBeGreaterThanOrEqual(3);
    } finally {
      await runner.release();
    }
  });

  it('keeps ledger entries append-only', async () => {
    await newPlayer(1_000);
    await expect(dataSource.query(`UPDATE ledger_entries SET delta = delta * 2`)).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM ledger_entries`)).rejects.toThrow(/append-only/);
  });
});
