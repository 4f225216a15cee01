import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error';

/**
 * Global guard: a route that declares no query (no `@Query(...)`) refuses every query parameter with
 * 400, like a strict schema would. Routes that declare one validate it with their own strict zod schema.
 */
@Injectable()
export class UnknownQueryGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const query = context.switchToHttp().getRequest<FastifyRequest>().query;
    const [name] = Object.keys((query ?? {}) as object);
    if (name === undefined || declaresQuery(context.getClass(), context.getHandler().name)) return true;
    throw ApiError.badRequest(`Unknown query parameter: ${name}`);
  }
}

function declaresQuery(controller: object, handlerName: string): boolean {
  const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {};
  return Object.keys(args).some((key) => Number(key.split(':')[0]) === RouteParamtypes.QUERY);
}
