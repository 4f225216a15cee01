import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium';

// A Jest worker's Chromium (chromium.ts starts this process): says where to connect, and closes Chromium on SIGTERM
// (the run's global teardown), then exits.
void chromium.launchServer({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS, handleSIGTERM: false }).then((server) => {
  process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)));
  console.log(`Chromium ${server.process().pid} listening on ${server.wsEndpoint()}`);
});
