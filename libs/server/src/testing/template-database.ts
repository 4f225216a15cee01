import { runMigrations } from '../database';
import { databaseUrl, TEMPLATE_VARIABLE, withAdmin } from './test-database';

/**
 * Builds this run's template by running every migration, once per test run: the system and the
 * browser projects' setups both ask for it when one run holds both.
 */
export async function prepareTemplateDatabase(): Promise<void> {
  const template = `runik_test_template_${process.pid}`;
  if (process.env[TEMPLATE_VARIABLE] === template) return;
  process.env[TEMPLATE_VARIABLE] = template;
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${template}`);
  });
  await runMigrations(databaseUrl(template));
}
