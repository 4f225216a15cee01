import { Writable } from 'node:stream';
import pinoHttp from 'pino-http';
import { CENSORED, CENSORED_SECRETS } from './censored-request';

describe("the api's request logs", () => {
  it("writes a request's lines with its session secrets censored, and leaves the request itself as it was", () => {
    const lines: string[] = [];
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const middleware = pinoHttp({ ...CENSORED_SECRETS, autoLogging: false }, output);
    const headers = { authorization: 'Bearer secret-token', cookie: 'runik_session=secret-cookie', 'user-agent': 'jest' };
    const request = { id: 'r-1', method: 'GET', url: '/api/city/resources/alice', headers, socket: {} };
    const response = { on: () => undefined, setHeader: () => undefined };
    middleware(request as never, response as never, () => undefined);
    (request as unknown as { log: { warn(message: string): void } }).log.warn('a warning');

    const line = JSON.parse(lines[0]) as { req: { id: string; url: string; headers: Record<string, string> } };
    expect(line.req).toMatchObject({ id: 'r-1', url: '/api/city/resources/alice' });
    expect(line.req.headers).toEqual({ authorization: CENSORED, cookie: CENSORED, 'user-agent': 'jest' });
    expect(lines.join('')).not.toContain('secret');
    expect(headers.authorization).toBe('Bearer secret-token');
  });
});
