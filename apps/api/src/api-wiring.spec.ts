import { Controller, Get, Module, Post } from '@nestjs/common';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AllianceModule, refuseIncompleteApiWiring, StartupError } from '@runik/server';
import { API_GLOBAL_PREFIX, refuseIncompleteWiring } from './api-wiring';
import { AppModule } from './app.module';

/**
 * The module graph alone, as the api builds it: preview mode instantiates no provider, so nothing connects to
 * PostgreSQL or Redis, and the wiring check reads only what Nest discovered.
 */
async function preview(module: Type): Promise<INestApplicationContext> {
  return NestFactory.create(module, new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
}

/** The api's module with these imports left out. */
function appModuleWithout(...left: Type[]): Type {
  const imports = (Reflect.getMetadata(MODULE_METADATA.IMPORTS, AppModule) as unknown[]).filter((module) => !left.includes(module as Type));
  @Module({ imports: imports as Type[] })
  class IncompleteAppModule {}
  return IncompleteAppModule;
}

function refusal(check: () => void): Error | null {
  try {
    check();
  } catch (error) {
    return error as Error;
  }
  return null;
}

describe("the api's wiring", () => {
  it("passes with the api's own module: every feature mounted, every contract route handled", async () => {
    const app = await preview(AppModule);
    try {
      expect(refusal(() => refuseIncompleteWiring(app))).toBeNull();
    } finally {
      await app.close();
    }
  });

  it("leaving a feature module out of the api's module fails the api's start with a message naming it", async () => {
    const app = await preview(appModuleWithout(AllianceModule));
    try {
      const refused = refusal(() => refuseIncompleteWiring(app));
      expect(refused).toBeInstanceOf(StartupError);
      const message = refused?.message ?? '';
      // One line, naming the module, its controller and each contract route left without a handler.
      expect(message).not.toContain('\n');
      expect(message).toMatch(/^Invalid wiring: AllianceModule is not mounted \(AllianceController\); no handler for the contract's /);
      expect(message).toContain('allianceCreate (/api/alliance/create)');
      expect(message).toContain('allianceMy (/api/alliance/my)');
      expect(message).toContain('allianceKick (/api/alliance/kick)');
      // The alliance chat is a module of its own, still mounted.
      expect(message).not.toContain('allianceChat');
      expect(message).toContain('(is every feature module in apps/api/src/app.module.ts?)');
    } finally {
      await app.close();
    }
  });

  it('names a route of the contract no controller serves, by its name and path pattern', async () => {
    @Controller('things')
    class ThingsController {
      @Get(':id')
      read(): string {
        return 'a thing';
      }
      @Post()
      create(): string {
        return 'made';
      }
    }
    @Module({ controllers: [ThingsController] })
    class ThingsModule {}
    @Module({ imports: [ThingsModule] })
    class ThingsApp {}
    const app = await preview(ThingsApp);
    try {
      const routes = {
        thing: (id: number) => `/api/things/${id}?full=1`,
        things: '/api/things/',
        thingParts: (id: number, part: string) => `/api/things/${id}/${encodeURIComponent(part)}`,
        metrics: '/api/metrics',
      };
      expect(refusal(() => refuseIncompleteApiWiring(app, API_GLOBAL_PREFIX, { routes, modules: [ThingsModule] }))?.message).toBe(
        "Invalid wiring: no handler for the contract's thingParts (/api/things/:/:), metrics (/api/metrics) " +
          '(is every feature module in apps/api/src/app.module.ts?)',
      );
      expect(() =>
        refuseIncompleteApiWiring(app, API_GLOBAL_PREFIX, { routes: { thing: routes.thing }, modules: [ThingsModule] }),
      ).not.toThrow();
    } finally {
      await app.close();
    }
  });
});
