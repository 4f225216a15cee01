// First: the settings are checked before the processors load and read them.
import { workerConfig } from './worker-config';
import { checkServices, exitWithStartupError } from '@runik/server';
import { createWorker } from './bootstrap';

async function main(): Promise<void> {
  await checkServices(workerConfig);
  await createWorker();
  console.log('Runik worker started');
}

main().catch(exitWithStartupError);
