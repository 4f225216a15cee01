import type { FastifyInstance } from 'fastify';
import type { MetricsService } from './metrics.service';

/** Requests no route matched share one label, so scanners cannot grow the series without bound. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Counts every answered request of a Fastify server and its latency by method, route pattern and
 * status, 401s and 429s from the guards included. Call before the server is ready.
 */
export function recordHttpMetrics(fastify: FastifyInstance, metrics: MetricsService): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
