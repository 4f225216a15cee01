import { Compilable, CompiledQuery, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { EntityManager } from 'typeorm';
import type { DB } from './schema';

/**
 * The typed query builder (Kysely) over the schema generated from the migrations (`schema.ts`, `npm run db:types`).
 * It only builds SQL, it holds no connection: `rows` runs a query on a TypeORM EntityManager, so a typed query
 * takes part in the caller's transaction (`retryingTransaction`), its locks and the ledger's deferred legs.
 */
export const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * Runs a built query (or raw SQL compiled with `sql<Row>`...`.compile(db)`) on the manager's connection: inside a
 * transaction its own, else one taken from the pool for this statement, as `EntityManager.query` does.
 */
export async function rows<Row>(manager: EntityManager, query: Compilable<Row> | CompiledQuery<Row>): Promise<Row[]> {
  const { sql, parameters } = 'compile' in query ? query.compile() : query;
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(sql, [...parameters], true);
    return result.records;
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/** The first row of `rows`, if any. */
export async function firstRow<Row>(manager: EntityManager, query: Compilable<Row> | CompiledQuery<Row>): Promise<Row | undefined> {
  return (await rows(manager, query))[0];
}
