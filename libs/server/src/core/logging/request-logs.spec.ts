import { Writable } from 'node:stream';
import { setTimeout as wait } from 'node:timers/promises';
import Fastify from 'fastify';
import pinoHttp from 'pino-http';
import { CENSORED, CENSORED_SECRETS } from './censored-request';
import { logRequests, requestOfLine } from './request-logs';

/** The api's root logger as nestjs-pino builds it (pino-http's, with the api's options), writing to `lines`. */
function rootLogger(lines: string[]) {
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return pinoHttp({ ...CENSORED_SECRETS, mixin: requestOfLine, autoLogging: false }, output).logger;
}

describe('the lines logged while the api handles a request', () => {
  it('carry the request, its id and its censored headers, after awaits and after a JSON body is read; other lines do not', async () => {
    const lines: string[] = [];
    const logger = rootLogger(lines);
    const fastify = Fastify({ genReqId: (request) => String(request.headers['x-request-id']) });
    logRequests(fastify, 'warn');
    fastify.post('/work', async () => {
      await wait(5);
      logger.warn('while handling');
      return { ok: true };
    });
    const url = `${await fastify.listen({ port: 0, host: '127.0.0.1' })}/work`;
    const answers = await Promise.all(
      ['r-1', 'r-2'].map((id) =>
        fetch(url, {
          method: 'POST',
          headers: { 'x-request-id': id, authorization: 'Bearer secret-token', 'content-type': 'application/json' },
          body: JSON.stringify({ a: 1 }),
        }),
      ),
    );
    logger.warn('between requests');
    await fastify.close();

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const written = lines.map((line) => JSON.parse(line) as { msg: string; req?: { id: string; url: string; headers: object } });
    expect(
      written
        .filter((line) => line.msg === 'while handling')
        .map((line) => line.req?.id)
        .sort(),
    ).toEqual(['r-1', 'r-2']);
    for (const line of written.filter((line) => line.msg === 'while handling')) {
      expect(line.req).toMatchObject({ url: '/work', headers: { authorization: CENSORED } });
    }
    expect(written.find((line) => line.msg === 'between requests')?.req).toBeUndefined();
    expect(lines.join('')).not.toContain('secret');
  });

  it('at LOG_LEVEL info, write a line per answer but the probes\' ("request completed", "request errored" from 500), the Set-Cookie censored', async () => {
    const lines: string[] = [];
    const logger = rootLogger(lines);
    const fastify = Fastify({ genReqId: (request) => String(request.headers['x-request-id']) });
    logRequests(fastify, 'info', () => logger);
    fastify.post('/login', async (_request, reply) => reply.header('set-cookie', 'session=secret-cookie').send({ ok: true }));
    fastify.get('/api/health', async () => ({ status: 'ok' }));
    fastify.get('/broken', async () => {
      throw new Error('broken');
    });
    const base = await fastify.listen({ port: 0, host: '127.0.0.1' });
    const call = (id: string, path: string, method = 'GET') =>
      fetch(`${base}${path}`, { method, headers: { 'x-request-id': id, authorization: 'Bearer secret-token' } });
    expect([
      (await call('r-login', '/login', 'POST')).status,
      (await call('r-probe', '/api/health')).status,
      (await call('r-broken', '/broken')).status,
    ]).toEqual([200, 200, 500]);
    await fastify.close();

    const written = lines.map(
      (line) => JSON.parse(line) as { msg: string; req?: { id: string }; res: { statusCode: number }; responseTime: unknown },
    );
    expect(written.map((line) => [line.msg, line.req?.id])).toEqual([
      ['request completed', 'r-login'],
      ['request errored', 'r-broken'],
    ]);
    expect(written[0]).toMatchObject({
      level: 30,
      req: { method: 'POST', url: '/login', headers: { authorization: CENSORED } },
      res: { statusCode: 200, headers: { 'set-cookie': CENSORED } },
    });
    expect(typeof written[0].responseTime).toBe('number');
    expect(written[1].res.statusCode).toBe(500);
    expect(lines.join('')).not.toContain('secret');
  });
});
