import { checkServices, exitWithStartupError, loadAppConfig } from '@runik/server';
import { createWorker } from './bootstrap';

async function main(): Promise<void> {
  await checkServices(loadAppConfig());
  await createWorker();
  console.log('Runik worker started');
}

main().catch(exitWithStartupError);
