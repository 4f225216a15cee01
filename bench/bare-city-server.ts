/**
 * The baseline of the city read in `npm run bench`: a bare Node HTTP server (node:http) with a pg
 * pool of the api's size, answering `GET /api/city/resources/{username}` by running the very statement
 * the api runs for it and sending the row as JSON. Nothing else: no framework, no bearer session, no
 * rate limit, no validation, no logging, no response shaping. Players' ids by name are read once at start.
 *
 * The statement is not copied: at start libs/server's loadCity runs once on a TypeORM DataSource with
 * the api's options, as CityService.city runs it, and the SQL, parameters and prepared statement's name it
 * sends are recorded where they reach the pg connection, whichever way they took to it (the pool's `query`
 * or a TypeORM query runner); the player id's parameter is found by its value, one no player has. So it cannot
 * drift, and a change that breaks the recording stops this server (and `npm run bench -- --short` in npm test) at
 * once.
 * apps/e2e/src/api/bare-city-server.spec.ts checks that it answers the api's city.
 *
 * For the diagnosis only, `GET /with-redis/api/city/resources/{username}` first does the Redis round
 * trip the api makes for every call: one Lua script reading the bearer session from the api's session
 * cache (the same key, by the token's SHA-256; the session must name the player of the path) and
 * counting the rate limit's hit when it is there (as RedisThrottlerStorage's incrementIfSet runs it,
 * much simplified).
 *
 * Environment: DATABASE_URL, PORT (on 127.0.0.1; by default one the system gives, printed), POOL_MAX, REDIS_URL
 * and REDIS_PREFIX (the api's). Serves /health for the start-up check.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { Pool } from 'pg';
import type { PoolConfig, QueryConfig } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@runik/server';
import { loadCity } from '../libs/server/src/city/city-state';
import { recordStatements } from '../libs/server/src/testing/record-statements';

const SESSION_AND_COUNT = `local session = redis.call('GET', KEYS[1])
if not session then return false end
if redis.call('INCR', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
return session`;

/** The city read's statement as the api sends it to pg (prepared under the api's name), for one player. */
type CityStatement = (playerId: number) => QueryConfig;

async function cityStatement(databaseUrl: string): Promise<CityStatement> {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl, { max: 1 })).initialize();
  const sent: { sql: string; parameters: unknown[] | undefined; name: string | undefined }[] = [];
  recordStatements(dataSource, (sql, parameters, name) => void sent.push({ sql, parameters, name }));
  // No player has a negative id: the statement runs for real and finds nothing. The id marks where the player's goes.
  const marker = Number.MIN_SAFE_INTEGER;
  try {
    await loadCity(dataSource.manager, marker);
  } finally {
    await dataSource.destroy();
  }
  if (sent.length !== 1) throw new Error(`loadCity sent ${sent.length} statements, expected 1`);
  const [{ sql, parameters, name }] = sent;
  const at = parameters ? parameters.indexOf(marker) : -1;
  if (at < 0) throw new Error(`no parameter of loadCity's statement is its player id: ${JSON.stringify(parameters)}`);
  return (playerId) => ({ name, text: sql, values: (parameters ?? []).map((value, index) => (index === at ? playerId : value)) });
}

async function main(): Promise<void> {
  const city = await cityStatement(String(process.env.DATABASE_URL));
  // TypeORM has set pg's parseInt8 from the api's options (bigint columns as numbers): this pool parses rows as the api's does.
  // The api's pool options (its size unless POOL_MAX says otherwise, how long an idle connection is kept).
  const poolOptions = (dataSourceOptions(String(process.env.DATABASE_URL)) as { extra: PoolConfig }).extra;
  const pool = new Pool({
    ...poolOptions,
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.POOL_MAX ?? poolOptions.max),
  });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: `${process.env.REDIS_PREFIX}:` });
  const { rows } = await pool.query<{ id: number; hive_username: string }>('SELECT id, hive_username FROM players');
  const ids = new Map(rows.map((row) => [row.hive_username, row.id]));
  const prefix = '/api/city/resources/';
  const withRedis = `/with-redis${prefix}`;

  const authorized = async (authorization: string | undefined, username: string): Promise<boolean> => {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const cached = (await redis.eval(SESSION_AND_COUNT, 2, `session:${tokenHash}`, `bench-throttle:${tokenHash}`, 60_000)) as string | null;
    const session = cached ? (JSON.parse(cached) as { hiveUsername: string }) : null;
    return session?.hiveUsername === username;
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
        allowed ? pool.query(city(id)).then((result) => send(200, JSON.stringify(result.rows[0]))) : send(403, '{"error":"Forbidden"}'),
      )
      .catch((error: Error) => send(500, JSON.stringify({ error: error.message })));
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
    console.log(`bare city server listening on ${(server.address() as AddressInfo).port}`),
  );
  process.once('SIGTERM', () => server.close(() => void Promise.all([pool.end(), redis.quit()]).then(() => process.exit(0))));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
