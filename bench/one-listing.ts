import { Agent, request } from 'node:http';
import { ApiRoutes, TradingMessages } from '@runik/contract';
import type { BenchGame } from './game';
import { percentile } from './load';
import { formatNumber, ScenarioReport } from './report';
import type { SeededPlayer } from './seed';
import type { BenchSizes } from './sizes';
import { BenchmarkRun, log, queryDatabase, sleep, startCpuMeter } from './support';

export const BUYERS = 50;
const PAUSE_MS = 200;

interface Attempt {
  buyer: SeededPlayer;
  status: number;
  error?: string;
  ms: number;
}

/**
 * 50 buyers on one listing: 50 different paid buyers send POST /api/p2p/buy for the same listing at
 * the same moment, over 50 open connections. Exactly one may buy it; the other 49 must be refused
 * (409, the listing is closed) in under 50 ms at the 99th percentile. Repeated on several listings
 * (a round each, the buyers drawn anew) so the percentile rests on a few hundred refusals.
 */
export async function oneListing(
  run: BenchmarkRun,
  apiUrl: string,
  apiPid: number,
  game: BenchGame,
  { warmUpRounds }: BenchSizes['oneListing'],
): Promise<ScenarioReport> {
  // The first listings of the set only warm up; each later one is a measured round.
  const listings = game.listings.oneListing.ids;
  const refusals: number[] = [];
  const sales: number[] = [];
  const problems: string[] = [];
  const cpu = { api: 0, postgres: 0, rounds: 0 };
  // One connection per buyer, opened in the warm-up rounds and kept for the measured ones.
  const agent = new Agent({ keepAlive: true, maxSockets: BUYERS });
  for (const [round, listingId] of listings.entries()) {
    const buyers = sample(game.players, BUYERS);
    const stopMeter = await startCpuMeter(apiPid, run.database);
    const attempts = await Promise.all(buyers.map((buyer) => attempt(apiUrl, agent, buyer, listingId)));
    const used = await stopMeter();
    await sleep(PAUSE_MS);
    if (round < warmUpRounds) continue;
    if (used) {
      cpu.api += used.api;
      cpu.postgres += used.postgres;
      cpu.rounds += 1;
    }
    const sold = attempts.filter((a) => a.status === 200);
    const refused = attempts.filter((a) => a.status === 409 && a.error === TradingMessages.listingClosed);
    const other = attempts.filter((a) => !sold.includes(a) && !refused.includes(a));
    if (sold.length !== 1) problems.push(`listing ${listingId}: ${sold.length} sales`);
    if (other.length > 0)
      problems.push(`listing ${listingId}: unexpected answers ${JSON.stringify(other.map((a) => [a.status, a.error]))}`);
    const [row] = await queryDatabase<{ status: string; buyer_id: string; owner_id: string; entries: number }>(
      run.database,
      `SELECT l.status, l.buyer_id, g.owner_id,
              (SELECT count(*)::int FROM ledger_entries e WHERE e.reference = 'listing:' || l.id AND e.reason = 'gear-sale') AS entries
         FROM listings l JOIN gears g ON g.id = l.gear_id WHERE l.id = $1`,
      [listingId],
    );
    const winner = sold[0]?.buyer.playerId;
    if (row.status !== 'sold' || Number(row.buyer_id) !== winner || Number(row.owner_id) !== winner || row.entries !== 3) {
      problems.push(`listing ${listingId}: ${JSON.stringify(row)}, winner ${winner}`);
    }
    sales.push(...sold.map((a) => a.ms));
    refusals.push(...refused.map((a) => a.ms));
  }
  agent.destroy();
  if (problems.length > 0) throw new Error(`50 buyers on one listing:\n  ${problems.join('\n  ')}`);
  refusals.sort((a, b) => a - b);
  const rounds = listings.length - warmUpRounds;
  const p99 = percentile(refusals, 0.99);
  log(`one listing: ${rounds} rounds, refusals p99 ${formatNumber(p99, 1)} ms`);
  return {
    rows: [
      {
        scenario: `${BUYERS} buyers on one listing (${rounds} listings), POST /api/p2p/buy`,
        connections: BUYERS,
        measure: 'refusal p99 ms',
        ours: formatNumber(p99, 1),
        baseline: '—',
        ratio: '—',
        goal: `1 sale, ${BUYERS - 1} refused, p99 < 50 ms`,
        met: p99 < 50,
      },
    ],
    details: [
      `${BUYERS} buyers on one listing, ${rounds} rounds (each a fresh listing and ${BUYERS} buyers drawn anew, sent at once over open connections, after ${warmUpRounds} warm-up round${warmUpRounds === 1 ? '' : 's'}): ` +
        `every round exactly one sale (buyer and gear owner match, 3 ledger entries) and ${BUYERS - 1} refusals "${TradingMessages.listingClosed}" (409). ` +
        `Refusals: ${refusals.length}, p50 ${formatNumber(percentile(refusals, 0.5), 1)} ms, p99 ${formatNumber(p99, 1)} ms, max ${formatNumber(refusals.at(-1) ?? NaN, 1)} ms; ` +
        `sales p50 ${formatNumber(
          percentile(
            [...sales].sort((a, b) => a - b),
            0.5,
          ),
          1,
        )} ms. ` +
        (cpu.rounds > 0
          ? `CPU per round of ${BUYERS} calls (/proc): api process ${formatNumber((cpu.api * 1000) / cpu.rounds, 1)} ms, PostgreSQL ${formatNumber((cpu.postgres * 1000) / cpu.rounds, 1)} ms.`
          : ''),
    ],
  };
}

/**
 * One buyer's call, on the round's keep-alive connections. node:http's client, not fetch: fetch's own CPU per call, on
 * the same 2 cores as the api, delayed whole rounds (docs/benchmarks.md, "The one-listing race's client").
 */
function attempt(apiUrl: string, agent: Agent, buyer: SeededPlayer, listingId: number): Promise<Attempt> {
  const body = JSON.stringify({ buyerUsername: buyer.username, listingId });
  const headers = { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request(`${apiUrl}${ApiRoutes.buyGear}`, { method: 'POST', agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const { error } = JSON.parse(Buffer.concat(chunks).toString()) as { error?: string };
        resolve({ buyer, status: response.statusCode ?? 0, error, ms: performance.now() - started });
      });
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** `count` different items at random. */
function sample<T>(items: T[], count: number): T[] {
  const pool = [...items];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}
