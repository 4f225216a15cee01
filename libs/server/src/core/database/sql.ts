import { createHash } from 'node:crypto';
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
import type { Pool, PoolClient, QueryConfig } from 'pg';
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

/** What `rows` runs; a prepared query is named apart for TypeScript to infer its row from it. */
type Statement<Row> = Compilable<Row> | CompiledQuery<Row> | PreparedQuery<Row>;

/**
 * Runs a built query (or raw SQL compiled with `sql<Row>`...`.compile(db)`) on the manager's connection: inside a
 * transaction its own, else one taken from the pool for this statement, as `EntityManager.query` does.
 *
 * A SELECT (built, or raw SQL starting with one) outside a transaction goes to the pool itself (pg-pool's `query`: a
 * connection for the statement, handed back after it, dropped if it failed), not through a TypeORM query runner made
 * and released for it: the runner, its entity manager and their promises cost the api about 7 % of its CPU per city
 * read, and were promoted out of the young generation often enough to bring a full collection every minute of load
 * (docs/benchmarks.md, "The city read without a query runner"). Other statements keep the runner: a failed write
 * keeps its connection.
 *
 * A prepared statement (`compiledOnce`, `prepared`, `preparedSql`) is sent by its name; TypeORM's runner sends only
 * unnamed ones, so inside a transaction it goes to the runner's pg client, behind whatever the runner sent before it.
 */
export async function rows<Row>(manager: EntityManager, query: Statement<Row>): Promise<Row[]> {
  const compiled = 'compile' in query ? query.compile() : query;
  const parameters = [...compiled.parameters];
  const statement = pgStatement(compiled, parameters);
  if (!manager.queryRunner && isSelect(compiled)) {
    try {
      return (await connectionPool(manager.connection).query<Row & object>(statement)).rows;
    } catch (error) {
      throw new QueryFailedError(compiled.sql, parameters, error as Error);
    }
  }
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    if (!statement.name) return (await runner.query(compiled.sql, parameters, true)).records;
    const client = (await runner.connect()) as PoolClient;
    try {
      return (await client.query<Row & object>(statement)).rows;
    } catch (error) {
      throw new QueryFailedError(compiled.sql, parameters, error as Error);
    }
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/** A read: built as a SELECT, or raw SQL that starts with one (a raw statement's kind is only `RawNode`). */
function isSelect(compiled: CompiledQuery): boolean {
  return compiled.query.kind === 'SelectQueryNode' || (compiled.query.kind === 'RawNode' && /^\s*SELECT\b/i.test(compiled.sql));
}

/** The pg pool under a data source (TypeORM's Postgres driver calls it `master` and types it `any`). */
export function connectionPool(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/** A compiled query PostgreSQL keeps parsed and planned on each connection, under a name made from its SQL. */
export type PreparedQuery<Row> = CompiledQuery<Row> & { readonly name: string };

/**
 * The statement as pg sends it: named when prepared. PostgreSQL then parses it once per connection and, after five
 * runs, plans it once too unless a plan for the call's parameters is estimated cheaper (`plan_cache_mode = auto`);
 * unnamed, every call is parsed and planned again, which cost PostgreSQL as much CPU as running the statements in
 * the players scenario (docs/benchmarks.md, "Prepared statements").
 */
function pgStatement(compiled: CompiledQuery, values: unknown[]): QueryConfig {
  return { text: compiled.sql, values, name: (compiled as Partial<PreparedQuery<unknown>>).name };
}

/** The same SQL gives the same name, in every process: a connection prepares each statement once. */
function preparedName(sqlText: string): string {
  return `runik_${createHash('sha1').update(sqlText).digest('hex').slice(0, 24)}`;
}

/**
 * A query built and compiled once, its arguments swapped into the parameters at each call, and prepared (a named
 * statement: `PreparedQuery`). Building and compiling costs CPU each time: the city read's query 127-171 µs on this
 * 2-core machine under load, 1 µs compiled once, where the api spent 450 µs on a whole city read
 * (docs/benchmarks.md); the hottest statements should not pay it per call, nor PostgreSQL's planning.
 * `build` (a built query, or raw SQL made with `sql<Row>`...``) must use each argument as one parameter (an array
 * through `eb.val`, not `in`) and only pass it on, never read it: while compiling it is handed a placeholder.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (...args: Args) => Compilable<Row> | RawBuilder<Row>,
): (...args: Args) => PreparedQuery<Row> {
  const placeholders = Array.from({ length: build.length }, (_, position) => ({ position }));
  // The builder only records its arguments as parameters: an object stands for each until a call brings the value.
  const built = build(...(placeholders as unknown as Args));
  const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
  const positions = compiled.parameters.map((value) => placeholders.indexOf(value as (typeof placeholders)[number]));
  const name = preparedName(compiled.sql);
  return (...args) => ({
    ...compiled,
    name,
    parameters: compiled.parameters.map((value, index) => (positions[index] < 0 ? value : args[positions[index]])),
  });
}

/**
 * A query built at each call, prepared under a name made from its SQL: for a statement whose SQL takes a few shapes
 * only (filters on or off, never a list spelled out value by value), as each shape is kept on every connection.
 */
export function prepared<Row>(compiled: CompiledQuery<Row>): PreparedQuery<Row> {
  return { ...compiled, name: preparedName(compiled.sql) };
}

/**
 * Hand-written SQL (`$1`... for its parameters) as a prepared statement for `rows`: for a statement the query builder
 * does not say more clearly than SQL does.
 */
export function preparedSql<Row>(text: string): (...values: unknown[]) => PreparedQuery<Row> {
  const name = preparedName(text);
  return (...values) => ({ ...CompiledQuery.raw(text, values), name }) as PreparedQuery<Row>;
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
  client.query(pgStatement(query, parameters)).then(
    () => undefined,
    (error: Error) => onFailure(new QueryFailedError(query.sql, parameters, error)),
  );
}

/** The first row of `rows`, if any. */
export async function firstRow<Row>(manager: EntityManager, query: Statement<Row>): Promise<Row | undefined> {
  return (await rows(manager, query))[0];
}
