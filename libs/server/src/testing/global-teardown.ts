import { dropTemplateDatabase } from './test-database';

/** Jest global teardown: this run's template goes with it. */
export default async function globalTeardown(): Promise<void> {
  await dropTemplateDatabase();
}
