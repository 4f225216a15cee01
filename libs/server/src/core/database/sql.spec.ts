import { sql } from 'kysely';
import { DataSource, QueryFailedError } from 'typeorm';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { connectionOptions } from './data-source';
import { compiledOnce, connectionPool, db, preparedSql, rows } from './sql';

describe('rows', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    // No entities: `rows` runs SQL only.
    dataSource = await new DataSource(connectionOptions(database.url, [], { max: 2 })).initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  const namesOf = (ids: number[]) =>
    db
      .selectFrom('players')
      .select('hive_username')
      .where('id', '=', (eb) => eb.fn.any(eb.val(ids)));
  const addPlayer = (name: string) =>
    db.insertInto('players').values({ hive_username: name, activation: 'free', referrer: '' }).returning('id');

  it('reads outside a transaction on a pooled connection, and hands it back: the pool ends up idle and whole', async () => {
    const [{ id }] = await rows(dataSource.manager, addPlayer('rows-reader'));
    const reads = await Promise.all(Array.from({ length: 10 }, () => rows(dataSource.manager, namesOf([id]))));
    expect(reads).toEqual(Array.from({ length: 10 }, () => [{ hive_username: 'rows-reader' }]));
    const pool = connectionPool(dataSource);
    expect({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }).toEqual({ total: 2, idle: 2, waiting: 0 });
  });

  it("reads inside a transaction on the transaction's own connection: it sees what the transaction wrote", async () => {
    const seen = await dataSource.transaction(async (manager) => {
      const [{ id }] = await rows(manager, addPlayer('rows-in-tx'));
      const inside = await rows(manager, namesOf([id]));
      const outside = await rows(dataSource.manager, namesOf([id]));
      return { inside, outside };
    });
    expect(seen).toEqual({ inside: [{ hive_username: 'rows-in-tx' }], outside: [] });
  });

  it('sends a prepared statement under its name, outside a transaction and inside one, where it sees the writes', async () => {
    const namesOfOnce = compiledOnce((ids: number[]) => namesOf(ids));
    const [{ id }] = await rows(dataSource.manager, addPlayer('rows-prepared'));
    for (let i = 0; i < 3; i++) {
      expect(await rows(dataSource.manager, namesOfOnce([id]))).toEqual([{ hive_username: 'rows-prepared' }]);
    }
    const inTransaction = await dataSource.transaction(async (manager) => {
      const [{ id: added }] = await rows(manager, addPlayer('rows-prepared-tx'));
      const read = await rows(manager, namesOfOnce([added]));
      const prepared = await manager.query('SELECT name, statement FROM pg_prepared_statements');
      return { read, prepared };
    });
    expect(inTransaction.read).toEqual([{ hive_username: 'rows-prepared-tx' }]);
    expect(inTransaction.prepared).toContainEqual({ name: namesOfOnce([id]).name, statement: namesOfOnce([id]).sql });
  });

  it('throws a failed prepared statement as QueryFailedError, inside a transaction and out, and the pool goes on', async () => {
    const divide = preparedSql<{ one: number }>('SELECT 1 / $1::int AS one');
    await expect(rows(dataSource.manager, divide(0))).rejects.toMatchObject({ code: '22012', driverError: { code: '22012' } });
    const inTransaction = dataSource.transaction((manager) => rows(manager, divide(0)));
    await expect(inTransaction).rejects.toBeInstanceOf(QueryFailedError);
    await expect(rows(dataSource.manager, divide(1))).resolves.toEqual([{ one: 1 }]);
  });

  it("throws a failed read as TypeORM's QueryFailedError, with PostgreSQL's code, and the pool goes on", async () => {
    const divisionByZero = db.selectNoFrom(sql<number>`1 / ${0}::int`.as('one'));
    const error = await rows(dataSource.manager, divisionByZero).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QueryFailedError);
    expect(error).toMatchObject({ code: '22012', driverError: { code: '22012' } });
    await expect(rows(dataSource.manager, namesOf([]))).resolves.toEqual([]);
  });
});

describe('compiledOnce', () => {
  it('gives the statement and parameters a fresh compile gives, for each call’s arguments, constants kept', () => {
    const build = (playerId: number, delta: number, ids: number[]) =>
      db
        .updateTable('players')
        .set({ locked_runik: sql<number>`GREATEST(0, locked_runik + ${delta})` })
        .where('id', '=', playerId)
        .where('locked_runik', '>', 0)
        .where('id', '=', (eb) => eb.fn.any(eb.val(ids)));
    const statement = compiledOnce(build);

    for (const args of [
      [7, -300, [7, 8]],
      [0, 0, []],
      [12, 5, [12]],
    ] as const) {
      const fresh = build(args[0], args[1], [...args[2]]).compile();
      const once = statement(args[0], args[1], [...args[2]]);
      expect(once.sql).toBe(fresh.sql);
      expect(once.parameters).toEqual(fresh.parameters);
    }
  });

  it('compiles raw SQL once as well: each argument one parameter, in place', () => {
    const build = (ids: number[], reason: string) =>
      sql<{ id: number }>`SELECT id FROM unnest(${ids}::bigint[]) AS id WHERE ${reason} <> ''`;
    const statement = compiledOnce(build);
    const fresh = build([3, 4], 'gear-sale').compile(db);
    const once = statement([3, 4], 'gear-sale');
    expect(once.sql).toBe(fresh.sql);
    expect(once.parameters).toEqual([[3, 4], 'gear-sale']);
  });
});
