import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

// Only pg here: every system and browser test file loads this (through apps/e2e's stack), while the migrations that
// build the template (template-database.ts) load TypeORM and every entity, which the run's global setup alone needs.

/** Tests run against this server; each test file gets its own database cloned from a migrated template. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Each run migrates a template of its own (named by the run's global setup, inherited by its
 * workers), so two runs on one server never clone from a template the other is rebuilding.
 */
export const TEMPLATE_VARIABLE = 'RUNIK_TEST_TEMPLATE';
const templateName = () => process.env[TEMPLATE_VARIABLE] ?? 'runik_test_template';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function dropTemplateDatabase(): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${templateName()} WITH (FORCE)`));
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `runik_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName()}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => dropTestDatabase(name),
  };
}

/** Drops a database createTestDatabase made, whoever still holds a connection to it. */
export async function dropTestDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** A Redis key prefix of its own for one test file (BullMQ queues and short-lived keys). */
export function testRedisPrefix(): string {
  return `t${randomBytes(5).toString('hex')}`;
}
