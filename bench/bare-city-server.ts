/**
 * The baseline of the city read in `npm run bench`: a bare Node HTTP server (node:http) with a pg
 * pool of the api's size, answering `GET /api/city/resources/{username}` by running the very SQL the
 * api runs for it (captured from libs/server's loadCities, so it cannot drift) and sending the row
 * as JSON. Nothing else: no framework, no bearer session, no rate limit, no validation, no logging,
 * no response shaping. Players' ids by name are read once at start.
 *
 * For the diagnosis only, `GET /with-redis/api/city/resources/{username}` first does the two Redis
 * round trips the api makes for every call: the bearer session from the api's session cache (the
 * same key, by the token's SHA-256; the session must name the player of the path) and the rate
 * limit's counter (one Lua script, as RedisThrottlerStorage runs it, much simplified).
 *
 * Environment: DATABASE_URL, PORT (127.0.0.1), POOL_MAX, REDIS_URL and REDIS_PREFIX (the api's).
 * Serves /health for the start-up check.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import Redis from 'ioredis';
import { Pool } from 'pg';
import type { EntityManager } from 'typeorm';
import { loadCities } from '../libs/server/src/city/city-state';

const COUNT = `local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return hits`;

async function citySql(): Promise<string> {
  let sql = '';
  const recorder = { query: async (text: string) => ((sql = text), []) } as unknown as EntityManager;
  await loadCities(recorder, [0]);
  return sql;
}

async function main(): Promise<void> {
  const sql = await citySql();
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 20) });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: `${process.env.REDIS_PREFIX}:` });
  const { rows } = await pool.query<{ id: string; hive_username: string }>('SELECT id, hive_username FROM players');
  const ids = new Map(rows.map((row) => [row.hive_username, Number(row.id)]));
  const prefix = '/api/city/resources/';
  const withRedis = `/with-redis${prefix}`;

  const authorized = async (authorization: string | undefined, username: string): Promise<boolean> => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';
    const cached = await redis.get(`session:${createHash('sha256').update(token).digest('hex')}`);
    const session = cached ? (JSON.parse(cached) as { sessionId: number; hiveUsername: string }) : null;
    if (!session || session.hiveUsername !== username) return false;
    await redis.eval(COUNT, 1, `bench-throttle:${session.sessionId}`, 60_000);
    return true;
  };

  const server = createServer((request, response) => {
    const send = (status: number, body: string) => response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    const url = request.url ?? '';
    if (url === '/health') return send(200, '{"status":"ok"}');
    const redisToo = url.startsWith(withRedis);
    const username = redisToo ? url.slice(withRedis.length) : url.startsWith(prefix) ? url.slice(prefix.length) : '';
    const id = ids.get(username);
    if (id === undefined) return send(404, '{"error":"Not found"}');
    (redisToo ? authorized(request.headers.authorization, username) : Promise.resolve(true))
      .then((allowed) =>
        allowed ? pool.query(sql, [[id]]).then((result) => send(200, JSON.stringify(result.rows[0]))) : send(403, '{"error":"Forbidden"}'),
      )
      .catch((error: Error) => send(500, JSON.stringify({ error: error.message })));
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare city server listening on ${process.env.PORT}`));
  process.once('SIGTERM', () => server.close(() => void Promise.all([pool.end(), redis.quit()]).then(() => process.exit(0))));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
