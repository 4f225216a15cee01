import { Client, PoolConfig } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { migrations } from '../migrations';

/** SQL that a feature generates from the rules, installed after the migrations (and at every start): see `runMigrations`. */
export type GeneratedSql = (dataSource: DataSource) => Promise<void>;

/**
 * The pool of the api and the worker. A connection idle for a while is kept (pg-pool closes it after 10 s by default):
 * a new one costs PostgreSQL a backend's start and, for its first statements, the planning with cold catalog caches
 * (docs/decisions.md, "Pooled connections kept through a lull").
 */
const PROCESS_POOL: PoolConfig = { max: 20, idleTimeoutMillis: 5 * 60_000, connectionTimeoutMillis: 5000 };

/**
 * The connection every process uses (`pool`: a test's or a tool's own, smaller one). Entities come from the features:
 * in the api and the worker each feature module registers its own (`TypeOrmModule.forFeature`, loaded by CoreModule's
 * `autoLoadEntities`); a DataSource built without Nest gets them from `libs/server/src/database.ts`.
 */
export function connectionOptions(
  databaseUrl: string,
  entities: DataSourceOptions['entities'] = [],
  pool: PoolConfig = PROCESS_POOL,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    // bigint columns hold amounts in thousandths: safe as JS numbers up to 2^53.
    parseInt8: true,
    // Every connection pipelines: a statement sent while another is under way goes at once, not after its answer, so
    // a transaction's COMMIT follows the ledger's deferred legs without waiting for them (ledger-writes.ts).
    extra: { ...pool, pipeline: true },
  } as DataSourceOptions;
}

/** Creates the database named in the URL if the server lacks it (a fresh machine has none). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

/** Applies pending migrations, then the SQL the features generate from the rules (`libs/server/src/database.ts` names it). */
export async function applyMigrations(databaseUrl: string, generatedSql: GeneratedSql[]): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const dataSource = new DataSource(connectionOptions(databaseUrl));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const install of generatedSql) await install(dataSource);
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
