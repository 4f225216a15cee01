import { ApiRoutes } from '@runik/contract';
import type { BenchGame } from './game';
import { alternate, LoadResult, mergeLoads, RequestSpec, runLoad } from './load';
import { formatNumber, latencyRow, ScenarioReport, throughputRow } from './report';
import type { SeededPlayer } from './seed';
import { describeLength, SliceSizes } from './sizes';
import {
  API_POOL_MAX,
  BenchmarkRun,
  CpuUse,
  databaseUrl,
  freePort,
  log,
  REDIS_URL,
  sleep,
  startCpuMeter,
  startNodeProcess,
  stopProcess,
  waitUntilHealthy,
} from './support';

/** As bench:city: 64 connections. */
export const CITY_CONNECTIONS = 64;
/** A timed autocannon run closes its sockets at its last tick without waiting: let the server finish. */
const DRAIN_MS = 300;
/** The bare server's pg pool: the api's size. */
const POOL_MAX = API_POOL_MAX;

const NAME = 'authenticated city read, GET /api/city/resources/{username}';

/**
 * The authenticated city read against the api, and the same SQL behind a bare node:http server
 * (bare-city-server.ts), at 64 connections over the same 1,000 players on the same database, in
 * alternating slices (at full size 4 of 2 s each side, sizes.ts). Goals (the project's): at least 0.8 of the baseline's requests per
 * second, a p99 at most twice its. A third side, reported in the details only, is the bare server
 * making the api's Redis round trip first: it tells how much of the gap it makes.
 */
export async function cityRead(
  run: BenchmarkRun,
  apiUrl: string,
  apiPid: number,
  game: BenchGame,
  size: SliceSizes,
): Promise<ScenarioReport> {
  const { players } = game;
  const request = (player: SeededPlayer): RequestSpec => ({
    method: 'GET',
    path: ApiRoutes.cityResources(player.username),
    headers: { authorization: `Bearer ${player.token}` },
  });
  const roundRobin = () => {
    let calls = 0;
    return () => request(players[calls++ % players.length]);
  };
  await sanityCheck(apiUrl, players);

  const port = await freePort();
  const bareUrl = `http://127.0.0.1:${port}`;
  const bare = startNodeProcess(`${run.redisPrefix}-bare-city`, 'bench/bare-city-server.ts', {
    DATABASE_URL: databaseUrl(run.database),
    PORT: String(port),
    POOL_MAX: String(POOL_MAX),
    REDIS_URL,
    REDIS_PREFIX: run.redisPrefix,
  });
  run.children.push(bare);
  try {
    await waitUntilHealthy(`${bareUrl}/health`, bare);
    // The sides: the api; the bare server; for the diagnosis, the bare server doing the api's
    // Redis round trip first (session and rate limit, one script).
    const sides = [
      { name: 'api', url: apiUrl, pid: apiPid, path: '' },
      { name: 'bare server', url: bareUrl, pid: bare.pid ?? 0, path: '' },
      { name: 'bare server with the Redis round trip', url: bareUrl, pid: bare.pid ?? 0, path: '/with-redis' },
    ].map((side) => ({ ...side, slices: [] as LoadResult[], latencies: [] as number[], cpu: [] as (CpuUse | null)[] }));
    const next = (path: string) => {
      const nextRequest = roundRobin();
      return () => {
        const spec = nextRequest();
        return { ...spec, path: `${path}${spec.path}` };
      };
    };
    // Warm-up: JIT and pools; every player once through the api, so every bearer session is in its Redis cache.
    assertAllOk(
      'session cache fill',
      await runLoad({ url: apiUrl, connections: CITY_CONNECTIONS, amount: players.length, next: roundRobin() }),
    );
    for (const side of sides) {
      await runLoad({ url: side.url, connections: CITY_CONNECTIONS, ...size.warmUp, next: next(side.path) });
      await sleep(DRAIN_MS);
    }
    // Measured: alternating slices; meanwhile the CPU time of the side's server process, of the
    // database's PostgreSQL backends and of this process (autocannon).
    await alternate(
      size.rounds,
      sides.map((side) => async () => {
        const stopMeter = await startCpuMeter(side.pid, run.database);
        side.slices.push(
          await runLoad({
            url: side.url,
            connections: CITY_CONNECTIONS,
            ...size.slice,
            next: next(side.path),
            latencies: side.latencies,
          }),
        );
        side.cpu.push(await stopMeter());
        await sleep(DRAIN_MS);
      }),
    );
    const [api, baseline, withRedis] = sides.map((side) => {
      const merged = mergeLoads(side.slices, side.latencies);
      assertAllOk(side.name, merged);
      return merged;
    });
    log(`city read: api ${formatNumber(api.requestsPerSecond)} req/s, bare server ${formatNumber(baseline.requestsPerSecond)} req/s`);
    return {
      rows: [
        throughputRow(NAME, CITY_CONNECTIONS, 'req/s', api.requestsPerSecond, baseline.requestsPerSecond, 0.8),
        latencyRow(NAME, CITY_CONNECTIONS, api.p99, baseline.p99, 2),
      ],
      details: [
        `City read: ${size.rounds} alternating slices of ${describeLength(size.slice)} per side, round-robin over ${formatNumber(players.length)} players, each request with the bearer token of the player in its path. ` +
          `Api: ${describe(api)}. Baseline, a bare node:http server with a pg pool of ${POOL_MAX} running the api's SQL (no session, rate limit, ` +
          `validation or framework): ${describe(baseline)}. For the diagnosis, the bare server making the api's Redis round trip first ` +
          `(one script: the session from the api's cache and the rate limit's counter): ${describe(withRedis)}.`,
        `City read, CPU per request in ms (/proc: the server process, the database's PostgreSQL backends, this process with autocannon): ` +
          sides.map((side, i) => `${side.name} ${describeCpu(side.cpu, [api, baseline, withRedis][i])}`).join('; ') +
          '.',
      ],
    };
  } finally {
    await stopProcess(bare);
  }
}

function describeCpu(used: (CpuUse | null)[], result: LoadResult): string {
  if (used.some((use) => use === null)) return 'not available';
  const total = (pick: (use: CpuUse) => number) =>
    formatNumber((used.reduce((sum, use) => sum + pick(use as CpuUse), 0) * 1000) / result.requests, 2);
  return `${total((use) => use.api)} + PostgreSQL ${total((use) => use.postgres)} + autocannon ${total((use) => use.bench)}`;
}

function describe(result: LoadResult): string {
  return `${formatNumber(result.requests)} requests, ${formatNumber(result.requestsPerSecond)} req/s, p50 ${formatNumber(result.p50, 1)} ms, p99 ${formatNumber(result.p99, 1)} ms`;
}

function assertAllOk(name: string, result: LoadResult): void {
  if (result.requests === 0 || result.non2xx + result.errors + result.timeouts > 0) {
    throw new Error(
      `city read, ${name}: ${result.requests} responses, status ${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
}

/** By hand first: a player's own city answers 200, another player's 403. */
async function sanityCheck(apiUrl: string, players: SeededPlayer[]): Promise<void> {
  const [first, second] = players;
  const headers = { authorization: `Bearer ${first.token}` };
  const own = await fetch(`${apiUrl}${ApiRoutes.cityResources(first.username)}`, { headers });
  const body = (await own.json()) as { chLevel?: number };
  if (own.status !== 200 || typeof body.chLevel !== 'number')
    throw new Error(`resources of ${first.username}: ${own.status} ${JSON.stringify(body)}`);
  const other = await fetch(`${apiUrl}${ApiRoutes.cityResources(second.username)}`, { headers });
  if (other.status !== 403) throw new Error(`another player's city answered ${other.status}, expected 403`);
}
