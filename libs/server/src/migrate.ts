import { loadAppConfig } from './core/config/app-config';
import { checkServices, exitWithStartupError } from './core/preflight';
import { runMigrations } from './database';

/** `npm run migrate`: applies pending migrations, with a one-line message if PostgreSQL or Redis is down. */
async function main(): Promise<void> {
  const config = loadAppConfig();
  await checkServices({ ...config, DATABASE_URL: adminUrl(config.DATABASE_URL) });
  const applied = await runMigrations(config.DATABASE_URL);
  console.log(applied.length > 0 ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
}

/** The server's maintenance database: the game's own may not exist yet. */
function adminUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

main().catch(exitWithStartupError);
