import { dropTemplateDatabase } from '@runik/server/testing/database';
import { stopSharedStacks } from './shared-stack';

/** The system and browser projects' global teardown: the shared stacks' processes and databases, then the run's template. */
export default async function systemGlobalTeardown(): Promise<void> {
  await stopSharedStacks();
  await dropTemplateDatabase();
}
