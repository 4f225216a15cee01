import { RequestMethod } from '@nestjs/common';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { StartupError } from '../preflight';

/** A route a controller of the application serves: its method and its path pattern (`:name` for a parameter). */
export interface MountedRoute {
  method: string;
  path: string;
  /** `Class.method`, for messages. */
  handler: string;
}

/** The global prefix as given to `app.setGlobalPrefix`, its exclusions as plain paths. */
export interface GlobalPrefix {
  prefix: string;
  exclude: readonly string[];
}

/** What the api must serve: the contract's routes by name, and the modules whose controllers must be mounted. */
export interface ExpectedWiring {
  /** `ApiRoutes`: a path, or a function that builds one from its parameters. */
  routes: Record<string, string | ((...parameters: never[]) => string)>;
  /** Every module whose controllers the application serves (the features of `@runik/server`). */
  modules: readonly Type[];
}

/** Stands for a route's parameter while its path is built, then becomes `:`. */
const PARAMETER = '__parameter__';

/** Joins path parts with one slash between them, no trailing slash, and every `:name` segment as `:`. */
function routePattern(...parts: string[]): string {
  const segments = parts
    .join('/')
    .split('/')
    .filter((segment) => segment !== '');
  return `/${segments.map((segment) => (segment.startsWith(':') || segment === PARAMETER ? ':' : segment)).join('/')}`;
}

const pathsOf = (metadata: unknown): string[] => (Array.isArray(metadata) ? metadata.map(String) : [String(metadata ?? '')]);

/**
 * Every route the application's controllers serve, from Nest's discovery (controllers found in the module graph,
 * their `@Controller` and `@Get`/`@Post`... metadata) and the global prefix: what Nest mounts on the HTTP adapter.
 * Reads metadata only, so it works on an application built in preview mode too.
 */
export function mountedRoutes(app: INestApplicationContext, globalPrefix: GlobalPrefix): MountedRoute[] {
  const scanner = new MetadataScanner();
  const excluded = new Set(globalPrefix.exclude.map((path) => routePattern(path)));
  const routes: MountedRoute[] = [];
  for (const controller of mountedControllers(app)) {
    const prototype = controller.prototype as Record<string, unknown>;
    for (const key of scanner.getAllMethodNames(prototype)) {
      const method = prototype[key] as object;
      const requestMethod: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, method);
      if (requestMethod === undefined) continue;
      for (const controllerPath of pathsOf(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const methodPath of pathsOf(Reflect.getMetadata(PATH_METADATA, method))) {
          const path = routePattern(controllerPath, methodPath);
          routes.push({
            method: RequestMethod[requestMethod],
            path: excluded.has(path) ? path : routePattern(globalPrefix.prefix, path),
            handler: `${controller.name}.${key}`,
          });
        }
      }
    }
  }
  return routes;
}

/** The controllers Nest found in the application's module graph, each once. */
function mountedControllers(app: INestApplicationContext): Set<Type> {
  const wrappers = new DiscoveryService(app.get(ModulesContainer)).getControllers();
  return new Set(wrappers.map((wrapper) => wrapper.metatype as Type | null).filter((metatype): metatype is Type => metatype !== null));
}

/** A contract route's path pattern: built with a stand-in for each parameter, without its query. */
function contractPattern(route: string | ((...parameters: never[]) => string)): string {
  const path = typeof route === 'string' ? route : route(...(Array.from({ length: route.length }, () => PARAMETER) as never[]));
  return routePattern(path.split('?')[0]);
}

/**
 * What is wrong with the api's wiring, one phrase each: a module whose controllers are not mounted (left out of
 * the api's module), a route of the contract no controller serves. Empty when complete.
 */
export function apiWiringProblems(app: INestApplicationContext, globalPrefix: GlobalPrefix, expected: ExpectedWiring): string[] {
  const controllers = mountedControllers(app);
  const problems: string[] = [];
  for (const module of expected.modules) {
    const declared: Type[] = Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? [];
    const missing = declared.filter((controller) => !controllers.has(controller));
    if (missing.length > 0) problems.push(`${module.name} is not mounted (${missing.map((controller) => controller.name).join(', ')})`);
  }
  const served = new Set(mountedRoutes(app, globalPrefix).map((route) => route.path));
  const unserved = Object.entries(expected.routes)
    .map(([name, route]) => ({ name, path: contractPattern(route) }))
    .filter(({ path }) => !served.has(path));
  if (unserved.length > 0) {
    problems.push(`no handler for the contract's ${unserved.map(({ name, path }) => `${name} (${path})`).join(', ')}`);
  }
  return problems;
}

/**
 * Refuses to start an api whose wiring is incomplete, in one line naming each missing module and route: a feature
 * module left out of the api's module would otherwise only answer 404. Cheap: metadata only, no request made.
 */
export function refuseIncompleteApiWiring(app: INestApplicationContext, globalPrefix: GlobalPrefix, expected: ExpectedWiring): void {
  const problems = apiWiringProblems(app, globalPrefix, expected);
  if (problems.length > 0) {
    throw new StartupError(`Invalid wiring: ${problems.join('; ')} (is every feature module in apps/api/src/app.module.ts?)`);
  }
}

/** The modules among a library's exports that declare controllers: the features an api must mount. */
export function modulesWithControllers(exports: Record<string, unknown>): Type[] {
  return Object.values(exports).filter(
    (value): value is Type =>
      typeof value === 'function' && ((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, value) as unknown[] | undefined)?.length ?? 0) > 0,
  );
}
