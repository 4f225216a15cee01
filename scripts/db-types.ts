import { kyselyCodegen } from '../libs/server/src/testing/schema-types';
import { createTestDatabase, dropTemplateDatabase } from '../libs/server/src/testing/test-database';
import { prepareTemplateDatabase } from '../libs/server/src/testing/template-database';

/**
 * `npm run db:types`: migrates a scratch database (on the tests' PostgreSQL, TEST_POSTGRES_URL) and writes the row
 * types kysely-codegen reads from it to libs/server/src/core/database/schema.ts; `npm run db:types -- --verify` only
 * compares them, as the server spec `core/database/schema.spec.ts` does.
 */
async function main(): Promise<void> {
  await prepareTemplateDatabase();
  const database = await createTestDatabase();
  try {
    kyselyCodegen(database.url, process.argv.slice(2));
  } finally {
    await database.drop();
    await dropTemplateDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
