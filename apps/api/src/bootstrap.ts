import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, AppConfig, ErrorFilter } from '@runik/server';
import { protectAdmin } from './admin-auth';
import { AppModule } from './app.module';
import { serveWebApp } from './web-app';

/** Request bodies in this API are small; anything bigger is refused. */
const BODY_LIMIT_BYTES = 16 * 1024;

/** Builds the API application (used by main.ts and by the integration tests). */
export async function createApiApp(options: { logs?: boolean } = {}): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule,
    new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, trustProxy: true }),
    { bufferLogs: true, abortOnError: false },
  );
  if (options.logs !== false) app.useLogger(app.get(Logger));
  const config = app.get<AppConfig>(APP_CONFIG);
  app.setGlobalPrefix('api', { exclude: ['admin/queues'] });
  app.useGlobalFilters(new ErrorFilter());
  app.enableShutdownHooks();
  await protectAdmin(app, config.BULL_BOARD_USER, config.BULL_BOARD_PASSWORD);

  const openApi = new DocumentBuilder().setTitle('Runik API').setVersion('1').addBearerAuth().build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));

  if (config.WEB_DIST_DIR) await serveWebApp(app, config.WEB_DIST_DIR);
  return app;
}
