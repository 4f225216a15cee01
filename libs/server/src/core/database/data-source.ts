import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { installArmyPowerSql } from '../../city/army-power-sql';
import { migrations } from '../migrations';
import { entities } from './entities';

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    // bigint columns hold amounts in thousandths: safe as JS numbers up to 2^53.
    parseInt8: true,
    extra: { max: 20, connectionTimeoutMillis: 5000 },
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

/**
 * Applies pending migrations, then the SQL generated from the rules (the stored army power); used
 * by `npm start`, the test setup and deployments.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    await installArmyPowerSql(dataSource);
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
