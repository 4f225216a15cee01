import {
  Compilable,
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  RawBuilder,
} from 'kysely';
import type { Pool, PoolClient } from 'pg';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
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
 *
 * A SELECT outside a transaction goes to the pool itself (pg-pool's `query`: a connection for the statement, handed
 * back after it, dropped if it failed), not through a TypeORM query runner made and released for it: the runner, its
 * entity manager and their promises cost the api about 7 % of its CPU per city read, and were promoted out of
 * the young generation often enough to bring a full collection every minute of load (docs/benchmarks.md, "The city
 * read without a query runner"). Other statements keep the runner: a failed write keeps its connection.
 */
export async function rows<Row>(manager: EntityManager, query: Compilable<Row> | CompiledQuery<Row>): Promise<Row[]> {
  const compiled = 'compile' in query ? query.compile() : query;
  const parameters = [...compiled.parameters];
  if (!manager.queryRunner && compiled.query.kind === 'SelectQueryNode') {
    try {
      return (await connectionPool(manager.connection).query(compiled.sql, parameters)).rows as Row[];
    } catch (error) {
      throw new QueryFailedError(compiled.sql, parameters, error as Error);
    }
  }
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(compiled.sql, parameters, true);
    return result.records;
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/** The pg pool under a data source (TypeORM's Postgres driver calls it `master` and types it `any`). */
export function connectionPool(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * A query built and compiled once, its arguments swapped into the parameters at each call. Building and compiling
 * costs CPU each time: the city read's query 127-171 µs on this 2-core machine under load, 1 µs compiled once, where
 * the api spent 450 µs on a whole city read (docs/benchmarks.md); the hottest statements should not pay it per call.
 * `build` (a built query, or raw SQL made with `sql<Row>`...``) must use each argument as one parameter (an array
 * through `eb.val`, not `in`) and only pass it on, never read it: while compiling it is handed a placeholder.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (...args: Args) => Compilable<Row> | RawBuilder<Row>,
): (...args: Args) => CompiledQuery<Row> {
  const placeholders = Array.from({ length: build.length }, (_, position) => ({ position }));
  // The builder only records its arguments as parameters: an object stands for each until a call brings the value.
  const built = build(...(placeholders as unknown as Args));
  const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
  const positions = compiled.parameters.map((value) => placeholders.indexOf(value as (typeof placeholders)[number]));
  return (...args) => ({
    ...compiled,
    parameters: compiled.parameters.map((value, index) => (positions[index] < 0 ? value : args[positions[index]])),
  });
}

/**
 * Sends a statement on the transaction's connection without waiting for its answer, so that the next one (its COMMIT)
 * goes right behind it (the connection pipelines: data-source.ts). Resolves once it is on its way; `onFailure` hears
 * of its error, as TypeORM would have thrown it. Straight to the pg client, whose answers settle in the order sent:
 * `onFailure` runs before TypeORM, a step behind, has read the answer of the statement sent next.
 */
export async function sendAhead(runner: QueryRunner, query: CompiledQuery, onFailure: (error: QueryFailedError) => void): Promise<void> {
  const client = (await runner.connect()) as PoolClient;
  const parameters = [...query.parameters];
  client.query(query.sql, parameters).then(
    () => undefined,
    (error: Error) => onFailure(new QueryFailedError(query.sql, parameters, error)),
  );
}

/** The first row of `rows`, if any. */
export async function firstRow<Row>(manager: EntityManager, query: Compilable<Row> | CompiledQuery<Row>): Promise<Row | undefined> {
  return (await rows(manager, query))[0];
}
