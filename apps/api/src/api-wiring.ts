import type { INestApplicationContext } from '@nestjs/common';
import { ApiRoutes } from '@runik/contract';
import * as server from '@runik/server';
import { GlobalPrefix, modulesWithControllers, refuseIncompleteApiWiring } from '@runik/server';

/** Every route under /api but Bull Board's pages and the metrics scrape, which keep their own paths. */
export const API_GLOBAL_PREFIX: GlobalPrefix = { prefix: 'api', exclude: ['admin/queues', 'metrics'] };

/**
 * Refuses to start unless every feature module of `@runik/server` that has controllers is mounted and every route
 * of the contract's `ApiRoutes` has a handler, naming what is missing in one line (`Invalid wiring: ...`).
 */
export function refuseIncompleteWiring(app: INestApplicationContext): void {
  refuseIncompleteApiWiring(app, API_GLOBAL_PREFIX, { routes: ApiRoutes, modules: modulesWithControllers(server) });
}
