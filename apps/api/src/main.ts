import type { AddressInfo } from 'node:net';
import { APP_CONFIG, AppConfig, checkServices, exitWithStartupError, loadAppConfig } from '@runik/server';
import { createApiApp } from './bootstrap';

async function main(): Promise<void> {
  await checkServices(loadAppConfig(process.env, 'api'));
  const app = await createApiApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen({ port: config.PORT, host: config.HOST });
  // The port taken, which PORT=0 leaves to the system (the tests' stacks read it here).
  const { port } = app.getHttpServer().address() as AddressInfo;
  console.log(`Runik API listening on http://localhost:${port} (web /, API /api, Bull Board /admin/queues)`);
}

main().catch(exitWithStartupError);
