import { ModulesContainer } from '@nestjs/core';
import type { INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { isPublicRoute, isRateLimited, ZodPipe } from '@runik/server';
import { z } from 'zod';

type Operation = OpenAPIObject['paths'][string]['get'] & object;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: object };
type JsonSchema = { properties?: Record<string, object>; required?: string[] };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/**
 * The OpenAPI document served at /api/docs (UI) and /api/docs-json, built from the code at start:
 * @nestjs/swagger lists every controller route; then each operation gets what the code already
 * says elsewhere: its tag (the controller's name, for controllers without @ApiTags), whether it
 * needs the bearer session (every route not marked @Public()), the 401 and 429 it may answer, and
 * its body, query and path parameters from the same zod schemas that validate them (ZodPipe). Responses are TypeScript
 * types in @runik/contract, which leave nothing at run time, so they are not described.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Runik API')
    .setDescription(
      "The game's HTTP API. Calls need `Authorization: Bearer <token>` from POST /api/verify-login unless marked public. " +
        'Errors are `{ "error": message }`; 429 adds `retryAfterSeconds` and a Retry-After header.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const controllers = controllersByName(app);
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation) describe(operation, controllers);
    }
  }
  return document;
}

function controllersByName(app: INestApplication): Map<string, Type> {
  const controllers = new Map<string, Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      if (wrapper.metatype) controllers.set(wrapper.metatype.name, wrapper.metatype as Type);
    }
  }
  return controllers;
}

function describe(operation: Operation, controllers: Map<string, Type>): void {
  // @nestjs/swagger names operations `<Controller>_<method>`.
  const [controllerName, methodName] = (operation.operationId ?? '').split('_');
  const controller = controllers.get(controllerName);
  const handler = controller?.prototype[methodName] as object | undefined;
  if (!controller || !handler) return;

  if (!operation.tags?.length) operation.tags = [controllerName.replace(/Controller$/, '')];
  if (!isPublicRoute(handler, controller)) {
    operation.security = [{ bearer: [] }];
    operation.responses['401'] ??= { description: 'No session, or not a valid one: `{ "error": message }`.' };
  }
  if (isRateLimited(handler, controller)) {
    operation.responses['429'] ??= {
      description: 'Rate limited: `{ "error": message, "retryAfterSeconds": n }` and a Retry-After header.',
    };
  }

  const args: Record<string, { pipes?: unknown[] }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {};
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]);
    const schema = arg.pipes?.find((pipe): pipe is ZodPipe<unknown> => pipe instanceof ZodPipe)?.schema;
    const json = schema && toJsonSchema(schema);
    if (!json) continue;
    if (type === RouteParamtypes.BODY) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: json } } };
    } else if (type === RouteParamtypes.QUERY || type === RouteParamtypes.PARAM) {
      addParameters(operation, json as JsonSchema, type === RouteParamtypes.PARAM ? 'path' : 'query');
    }
  }
}

function addParameters(operation: Operation, schema: JsonSchema, where: 'path' | 'query'): void {
  const parameters = (operation.parameters ?? []) as Parameter[];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const required = where === 'path' || (schema.required ?? []).includes(name);
    const existing = parameters.find((parameter) => parameter.name === name && parameter.in === where);
    if (existing) Object.assign(existing, { required, schema: property });
    else parameters.push({ name, in: where, required, schema: property });
  }
  operation.parameters = parameters;
}

function toJsonSchema(schema: z.ZodType): object | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return undefined;
  }
}
