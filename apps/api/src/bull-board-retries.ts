import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { Queues } from '@runik/server';

export const COMPLETED_RETRY_REFUSED = 'A completed job is not run again: retry failed jobs only.';

/** Bull Board's retry routes, as registered under /admin/queues: one job, and all of a queue's jobs in one state. */
const RETRY_JOB_ROUTE = /^\/admin\/queues\/api\/queues\/:queueName\/:jobId\/retry\/?$/;
const RETRY_ALL_ROUTE = /^\/admin\/queues\/api\/queues\/:queueName\/retry\/:queueStatus\/?$/;

/**
 * Bull Board retries completed jobs too; ours are refused (409). Every handler re-reads its row, so a
 * second run would change nothing today, but a completed job's work is done and running it again
 * only tests that promise. Failed jobs are retried as before. (The check is on the routes
 * themselves, like the ops credentials: no spelling of the path gets past it.)
 */
export function refuseCompletedRetries(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const queueNamed = (name: string): Queue | undefined =>
    (Object.values(Queues) as string[]).includes(name) ? app.get<Queue>(getQueueToken(name), { strict: false }) : undefined;
  const refuse = (reply: FastifyReply) => reply.code(409).send({ error: COMPLETED_RETRY_REFUSED });

  const retryJob: preHandlerAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { queueName, jobId } = request.params as { queueName: string; jobId: string };
    const job = await queueNamed(queueName)?.getJob(jobId);
    if (job && (await job.getState()) === 'completed') return refuse(reply);
  };
  const retryAll: preHandlerAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.params as { queueStatus: string }).queueStatus === 'completed') return refuse(reply);
  };

  fastify.addHook('onRoute', (route: RouteOptions) => {
    const check = RETRY_JOB_ROUTE.test(route.url) ? retryJob : RETRY_ALL_ROUTE.test(route.url) ? retryAll : undefined;
    if (check) route.preHandler = [check, ...toArray(route.preHandler)];
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
