import { prepareTemplateDatabase } from './template-database';

/** Jest global setup: migrate a template database that every test file clones. */
export default async function globalSetup(): Promise<void> {
  await prepareTemplateDatabase();
}
