import { APP_CONFIG, AppConfig, checkServices, exitWithStartupError, loadAppConfig } from '@runik/server';
import { createApiApp } from './bootstrap';

async function main(): Promise<void> {
  await checkServices(loadAppConfig());
  const app = await createApiApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Runik API listening on http://localhost:${config.PORT} (web /, API /api, Bull Board /admin/queues)`);
}

main().catch(exitWithStartupError);
