import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, Socket } from 'socket.io-client';
import { ApiRoutes, NOTIFICATION_EVENT, SOCKET_PATH } from '@runik/contract';
import type { NotificationDto } from '@runik/contract';
import { ATTACK_CHARGES_MAX, RAIDS } from '@runik/rules';
import { BenchGame, BUYER_RUNIK, seedListings } from './game';
import { percentile, printTextTable } from './load';
import { formatNumber, Row, ScenarioReport } from './report';
import { seedPlayers, SeededPlayer } from './seed';
import type { BenchSizes } from './sizes';
import { BenchmarkRun, databaseUrl, describeLoad, log, queryDatabase, sleep, startApi, startCpuMeter } from './support';

const READ_SHARE = 0.8;
/** Handshakes under way at once while connecting (as push.ts). */
const CONNECTING_AT_ONCE = 50;
/** Keep-alive connections the players' HTTP calls share (a pool, not one connection per player: see the README). */
const HTTP_SOCKETS = 512;
/**
 * Api processes (BENCH_PLAYERS_APIS, default 1; on these 2 cores a second one only added its own
 * CPU); player i talks to process i mod N, by HTTP and by socket, as behind a sticky load balancer.
 */
const API_PROCESSES = Number(process.env.BENCH_PLAYERS_APIS ?? 1);
/** How long an attack's push may take after the step's last response before it counts as not arrived. */
const SETTLE_MS = 5000;
const GOAL_CALL_P99_MS = 200;
const GOAL_PUSH_P99_MS = 250;
const GOAL_PLAYERS = 5000;
/** Troops every player has at the start of a step, so that attacks are allowed (an army is needed) and fought. */
const TROOPS = 200;

const READS = ['city resources', 'army stats', 'marketplace page', 'notifications list', 'citadel user'] as const;
const WRITES = ['attack', 'harvest', 'convert', 'train', 'buy'] as const;
type Kind = (typeof READS)[number] | (typeof WRITES)[number];

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface CallResult {
  status: number;
  /** ms from the call's start to its response's last byte; NaN when it failed without an answer. */
  ms: number;
  body: string;
}

/** One step's figures. */
interface StepResult {
  players: number;
  calls: number;
  callsPerSecond: number;
  /** Every call's latency (reads and writes), 2xx or not, sorted. */
  all: number[];
  reads: number[];
  writes: number[];
  byKind: Map<Kind, { latencies: number[]; statuses: Map<number, number> }>;
  non2xx: number;
  /** 4xx answers carrying a rule's message (a shield, a cooldown, no charges left...): the game saying no, not a fault. */
  refusals: number;
  /** Those refusals by call and message (figures in the message replaced by #). */
  refusalReasons: Map<string, number>;
  /** Faults: 5xx, 4xx that are no rule's refusal (401, the rate limit, a body without a message), and calls never answered. */
  errors: number;
  unanswered: number;
  /** Attacks answered 2xx (a battle fought and stored). */
  attacks: number;
  attacksSent: number;
  /** Attack response → the defender's socket, ms, sorted (negative when the push beat the response). */
  push: number[];
  /** Attack sent → the defender's socket, ms, sorted. */
  pushFromSend: number[];
  pushesMissing: number;
  pushesBeforeResponse: number;
  cpu: { api: number; postgres: number; bench: number } | null;
  seconds: number;
  loopDelayP99: number;
  load: string;
  met: boolean;
}

/**
 * N players, as the web app's users play: each connected by a socket.io-client socket (WebSocket,
 * its bearer token) and acting every 10 s (`size.thinkMs`) at a phase of its own, open loop (the next call is due
 * whether or not the previous one answered): 80 % reads (city resources, army stats, a marketplace
 * page, the notifications list, the citadel user, in equal shares) and 20 % writes that move value
 * (an attack on another connected player, a harvest, a conversion, training, a marketplace purchase,
 * in turn from a random start, so no player repeats one within a step). An attack stores an
 * `attacked` notification for its defender, pushed after the commit: its latency runs from the
 * attack's response to the defender's socket receiving it. N steps up (`size.steps`: BENCH_PLAYERS_STEPS at full
 * size, sizes.ts), each measured for `size.stepSeconds` once its sockets are connected, until a step's p99 is over
 * twice its goal (unless BENCH_PLAYERS_ALL_STEPS=1); the figure is the largest N at which every call's p99 ≤ 200 ms and the
 * push's p99 ≤ 250 ms.
 *
 * Before each step, SQL (between steps, nothing measured) gives every player full attack charges,
 * TROOPS infantry, a harvest due (4 h of production) and an empty training queue, so that the writes
 * are allowed; an attacker's k-th attack of the run targets the player k + 1 places after it among
 * the step's players, so no pair meets the 4 h cooldown.
 */
export async function playersScenario(
  run: BenchmarkRun,
  api: { url: string; pid: number },
  game: BenchGame,
  env: Record<string, string>,
  size: BenchSizes['players'],
): Promise<ScenarioReport> {
  const { steps, stepSeconds, thinkMs } = size;
  const most = Math.max(...steps);
  if (!Number.isInteger(API_PROCESSES) || API_PROCESSES < 1)
    throw new Error(`BENCH_PLAYERS_APIS: a whole number of at least 1, not ${API_PROCESSES}`);
  if (steps.some((step, index) => !Number.isInteger(step) || step < 2 || (index > 0 && step <= steps[index - 1]))) {
    throw new Error(`BENCH_PLAYERS_STEPS: ascending whole numbers of at least 2, not ${steps.join(',')}`);
  }
  const seedEnv = { ...env, DATABASE_URL: databaseUrl(run.database, { options: '-c synchronous_commit=off' }) };
  const players = game.players.slice(0, most);
  /** Seeds players (as seedGame's, with RUNIK) until there are `count`, before the step that needs them. */
  const seedUpTo = async (count: number) => {
    if (players.length >= count) return;
    const first = players.length - game.players.length;
    const names = Array.from({ length: count - players.length }, (_, i) => `play${String(first + i + 1).padStart(5, '0')}`);
    players.push(...(await seedPlayers(names, seedEnv, { activation: 'paid', runik: BUYER_RUNIK * 1000, concurrency: 4 })));
    await queryDatabase(run.database, 'VACUUM ANALYZE');
    log(`players: ${formatNumber(names.length)} more players seeded`);
  };
  // Buys: about 3 actions per player per 30 s, a fifth of them writes, a fifth of those buys; half as many again in reserve.
  const listingCount =
    Math.ceil(steps.reduce((sum, step) => sum + step, 0) * (stepSeconds / (thinkMs / 1000)) * (1 - READ_SHARE) * 0.2 * 1.5) + 100;
  const listings = await seedListings(
    run.database,
    game.sellers.map((seller) => seller.playerId),
    listingCount,
  );
  log(`players: ${formatNumber(listingCount)} listings for sale`);

  const apis = [api];
  for (let i = 2; i <= API_PROCESSES; i++) {
    const { url, api: child } = await startApi(run, env, `api${i}`);
    apis.push({ url, pid: child.pid ?? 0 });
  }
  const apiOf = (index: number) => apis[index % apis.length];
  const agents = apis.map(() => new Agent({ keepAlive: true, maxSockets: Math.ceil(HTTP_SOCKETS / apis.length) }));
  const sockets: Socket[] = [];
  /** Attacks whose `attacked` push is awaited, by battle id. */
  const awaited = new Map<number, { sentAt: number; answeredAt?: number; receivedAt?: number }>();
  const attacksMade = new Array<number>(most).fill(0);
  const rotation = Array.from({ length: most }, () => Math.floor(Math.random() * WRITES.length));
  let nextListing = 0;

  const onNotification = (notification: NotificationDto) => {
    if (notification.kind !== 'attacked') return;
    const receivedAt = performance.now();
    const battleId = notification.data.battleId;
    const entry = awaited.get(battleId);
    if (entry) entry.receivedAt = receivedAt;
    else awaited.set(battleId, { sentAt: NaN, receivedAt }); // the push beat the response's parsing: matched below
  };

  const callFor = (index: number, stepPlayers: number, kind: Kind): Call => {
    const player = players[index];
    const name = player.username;
    switch (kind) {
      case 'city resources':
        return { method: 'GET', path: ApiRoutes.cityResources(name) };
      case 'army stats':
        return { method: 'GET', path: ApiRoutes.armyStats(name) };
      case 'marketplace page':
        return { method: 'GET', path: ApiRoutes.marketplaceListings({ page: 1 + Math.floor(Math.random() * 5) }) };
      case 'notifications list':
        return { method: 'GET', path: ApiRoutes.notifications(name) };
      case 'citadel user':
        return { method: 'GET', path: ApiRoutes.citadelUser(name) };
      case 'attack': {
        const enemy = players[(index + 1 + attacksMade[index]++) % stepPlayers];
        return { method: 'POST', path: ApiRoutes.attack(name, enemy.username), body: {} };
      }
      case 'harvest':
        return { method: 'POST', path: ApiRoutes.cityHarvest(name), body: {} };
      case 'convert':
        return { method: 'POST', path: ApiRoutes.cityConvert(name), body: { selectedResources: ['wheat'], amount: 1 } };
      case 'train':
        return { method: 'POST', path: ApiRoutes.cityTrain(name), body: { building: 'quarters', count: 1 } };
      case 'buy':
        return {
          method: 'POST',
          path: ApiRoutes.buyGear,
          body: { buyerUsername: name, listingId: listings[nextListing++ % listings.length] },
        };
    }
  };

  const send = (index: number, call: Call): Promise<CallResult> =>
    new Promise((resolve) => {
      const started = performance.now();
      const body = call.body === undefined ? undefined : JSON.stringify(call.body);
      const headers: Record<string, string | number> = { authorization: `Bearer ${players[index].token}` };
      if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      const base = new URL(apiOf(index).url);
      const req = request(
        {
          host: base.hostname,
          port: base.port,
          method: call.method,
          path: call.path,
          headers,
          agent: agents[index % agents.length],
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', () => resolve({ status: 0, ms: NaN, body: '' }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ status: 0, ms: NaN, body: '' }));
      req.end(body);
    });

  const results: StepResult[] = [];
  try {
    for (const stepPlayers of steps) {
      await seedUpTo(stepPlayers);
      await prepareStep(run.database, players.slice(0, stepPlayers));
      while (sockets.length < stepPlayers) {
        const batch = await Promise.all(
          players
            .slice(sockets.length, Math.min(stepPlayers, sockets.length + CONNECTING_AT_ONCE))
            .map((player, i) => connect(apiOf(sockets.length + i).url, player.token)),
        );
        for (const socket of batch) socket.on(NOTIFICATION_EVENT, onNotification);
        sockets.push(...batch);
      }
      log(`players: ${formatNumber(stepPlayers)} sockets connected; ${stepSeconds} s of play`);
      await sleep(1000);
      awaited.clear();

      const records = Object.fromEntries(
        [...READS, ...WRITES].map((kind) => [kind, { latencies: [] as number[], statuses: new Map<number, number>() }]),
      ) as Record<Kind, { latencies: number[]; statuses: Map<number, number> }>;
      const byKind = new Map(Object.entries(records) as [Kind, (typeof records)[Kind]][]);
      const pending: Promise<void>[] = [];
      let unanswered = 0;
      let faults = 0;
      let refusals = 0;
      const refusalReasons = new Map<string, number>();
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const stopCpu = await startCpuMeter(
        apis.map((process) => process.pid),
        run.database,
      );
      const started = performance.now();
      const ends = started + stepSeconds * 1000;
      const act = (index: number) => {
        const kind: Kind =
          Math.random() < READ_SHARE ? READS[Math.floor(Math.random() * READS.length)] : WRITES[rotation[index]++ % WRITES.length];
        const sentAt = performance.now();
        pending.push(
          send(index, callFor(index, stepPlayers, kind)).then((result) => {
            const record = records[kind];
            if (result.status === 0) {
              unanswered += 1;
              return;
            }
            record.latencies.push(result.ms);
            record.statuses.set(result.status, (record.statuses.get(result.status) ?? 0) + 1);
            if (result.status < 200 || result.status >= 300) {
              const reason = ruleRefusal(result);
              if (reason === null) faults += 1;
              else {
                refusals += 1;
                const key = `${kind}: ${reason}`;
                refusalReasons.set(key, (refusalReasons.get(key) ?? 0) + 1);
              }
            }
            if (kind === 'attack' && result.status >= 200 && result.status < 300) {
              const battleId = (JSON.parse(result.body) as { result: { battleId: number } }).result.battleId;
              const answeredAt = sentAt + result.ms;
              const entry = awaited.get(battleId);
              if (entry) Object.assign(entry, { sentAt, answeredAt });
              else awaited.set(battleId, { sentAt, answeredAt });
            }
          }),
        );
      };
      // Each player acts at started + phase + k × thinkMs while that is before the end.
      const timers = players.slice(0, stepPlayers).map((_, index) => {
        const phase = Math.random() * thinkMs;
        const tick = () => {
          act(index);
          const next = performance.now() + thinkMs;
          if (next < ends) timers[index] = setTimeout(tick, thinkMs);
        };
        return setTimeout(tick, phase);
      });
      await sleep(stepSeconds * 1000);
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(pending);
      const seconds = (performance.now() - started) / 1000;
      const deadline = performance.now() + SETTLE_MS;
      const answered = () => [...awaited.values()].filter((entry) => entry.answeredAt !== undefined);
      while (answered().some((entry) => entry.receivedAt === undefined) && performance.now() < deadline) await sleep(50);
      const cpu = await stopCpu();
      loop.disable();

      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const readLatencies = READS.flatMap((kind) => records[kind].latencies);
      const writeLatencies = WRITES.flatMap((kind) => records[kind].latencies);
      const attacks = answered();
      const arrived = attacks.flatMap(({ sentAt, answeredAt, receivedAt }) =>
        answeredAt !== undefined && receivedAt !== undefined ? [{ sentAt, answeredAt, receivedAt }] : [],
      );
      const push = sorted(arrived.map((entry) => entry.receivedAt - entry.answeredAt));
      const all = sorted([...readLatencies, ...writeLatencies]);
      const non2xx = [...byKind.values()].reduce(
        (sum, { statuses }) =>
          sum + [...statuses].filter(([status]) => status < 200 || status >= 300).reduce((n, [, count]) => n + count, 0),
        0,
      );
      const pushesMissing = attacks.length - arrived.length;
      const result: StepResult = {
        players: stepPlayers,
        calls: all.length + unanswered,
        callsPerSecond: (all.length + unanswered) / seconds,
        all,
        reads: sorted(readLatencies),
        writes: sorted(writeLatencies),
        byKind,
        non2xx,
        refusals,
        refusalReasons,
        errors: faults + unanswered,
        unanswered,
        attacks: attacks.length,
        attacksSent: records.attack.latencies.length,
        push,
        pushFromSend: sorted(arrived.map((entry) => entry.receivedAt - entry.sentAt)),
        pushesMissing,
        pushesBeforeResponse: push.filter((ms) => ms < 0).length,
        cpu,
        seconds,
        loopDelayP99: loop.percentile(99) / 1e6,
        load: describeLoad(loadavg()),
        met: false,
      };
      result.met =
        percentile(all, 0.99) <= GOAL_CALL_P99_MS && pushesMissing === 0 && push.length > 0 && percentile(push, 0.99) <= GOAL_PUSH_P99_MS;
      results.push(result);
      log(
        `players: ${formatNumber(stepPlayers)}: ${formatNumber(result.calls)} calls (${formatNumber(result.callsPerSecond)}/s), p99 ${formatNumber(percentile(all, 0.99))} ms ` +
          `(writes ${formatNumber(percentile(result.writes, 0.99))} ms), push p99 ${formatNumber(percentile(push, 0.99))} ms of ${formatNumber(push.length)} ` +
          `(${pushesMissing} missing); attacks ${formatNumber(result.attacks)} of ${formatNumber(result.attacksSent)} answered 2xx; ` +
          `non-2xx ${non2xx}: ${refusals} refused by a rule, ${faults} errors; ${unanswered} unanswered; load ${result.load}`,
      );
      printKinds(result);
      printRefusals(result);
      // Past the knee (a p99 over twice its goal), larger steps only queue more: skipped, unless asked for.
      const pastKnee = percentile(all, 0.99) > 2 * GOAL_CALL_P99_MS || pushesMissing > 0 || percentile(push, 0.99) > 2 * GOAL_PUSH_P99_MS;
      if (pastKnee && stepPlayers !== most && process.env.BENCH_PLAYERS_ALL_STEPS !== '1') {
        log(
          `players: p99 over twice its goal at ${formatNumber(stepPlayers)} players; the larger steps are skipped (BENCH_PLAYERS_ALL_STEPS=1 runs them)`,
        );
        break;
      }
    }
  } finally {
    for (const socket of sockets) socket.close();
    for (const agent of agents) agent.destroy();
  }
  if (size.strict) {
    const faulty = results.filter((result) => result.errors > 0 || result.pushesMissing > 0);
    if (faulty.length > 0)
      throw new Error(
        `players: ${faulty.map((result) => `${result.players} players: ${result.errors} errors (${result.unanswered} unanswered), ${result.pushesMissing} pushes not arrived`).join('; ')}`,
      );
  }
  return report(results, players.length, size);
}

/**
 * Every player of the step may attack, harvest and train again, and may be raided (SQL between steps;
 * nothing measured). Seeded players are new, so every one of them would be behind the newcomer shield
 * (RAIDS.newcomerShieldMs after registering, libs/rules combat/raids.ts) and every attack refused 403:
 * their registration is moved back past it. The other shields do not apply: every player is paid (no
 * free-account shield) and at City Hall level 1 (none out of band).
 */
async function prepareStep(database: string, players: SeededPlayer[]): Promise<void> {
  const ids = players.map((player) => player.playerId);
  await queryDatabase(
    database,
    `UPDATE players SET created_at = LEAST(created_at, now() - make_interval(secs => $2::double precision / 1000) - interval '1 hour') WHERE id = ANY($1::bigint[])`,
    [ids, RAIDS.newcomerShieldMs],
  );
  await queryDatabase(
    database,
    `UPDATE cities SET attack_charges = $2, attack_charges_at = now(), infantry = greatest(infantry, $3),
            last_harvest_at = NULL, production_anchor_at = LEAST(production_anchor_at, now() - interval '4 hours')
      WHERE player_id = ANY($1::bigint[])`,
    [ids, ATTACK_CHARGES_MAX, TROOPS],
  );
  await queryDatabase(database, `DELETE FROM training_queue WHERE player_id = ANY($1::bigint[])`, [ids]);
}

function printKinds(result: StepResult): void {
  printTextTable(
    ['call', 'calls', 'p50 ms', 'p99 ms', 'statuses'],
    [...result.byKind].map(([kind, { latencies, statuses }]) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      return [
        kind,
        String(latencies.length),
        formatNumber(percentile(sorted, 0.5)),
        formatNumber(percentile(sorted, 0.99)),
        [...statuses].map(([status, n]) => `${status}×${n}`).join(' '),
      ];
    }),
  );
}

/** The rule a 4xx answer names (its `error` message, figures as #), or null when the answer is a fault rather than the game refusing. */
function ruleRefusal(result: CallResult): string | null {
  // 401 is a broken session, not a rule; a 429 with retryAfterSeconds is the rate limit (the enemy cooldown's 429 has none).
  if (result.status < 400 || result.status >= 500 || result.status === 401) return null;
  try {
    const body = JSON.parse(result.body) as { error?: unknown; retryAfterSeconds?: unknown };
    if (typeof body.error !== 'string' || body.retryAfterSeconds !== undefined) return null;
    return `${result.status} ${body.error.replace(/\d+/g, '#')}`;
  } catch {
    return null;
  }
}

function printRefusals(result: StepResult): void {
  if (result.refusalReasons.size === 0) return;
  printTextTable(
    ['refused by a rule', 'count'],
    [...result.refusalReasons].sort((a, b) => b[1] - a[1]).map(([reason, count]) => [reason, String(count)]),
  );
}

function report(results: StepResult[], seededPlayers: number, { stepSeconds, thinkMs }: BenchSizes['players']): ScenarioReport {
  const passed = results.filter((result) => result.met).map((result) => result.players);
  // The largest N below which every step met the goals (a step after a miss does not count).
  const firstMiss = results.findIndex((result) => !result.met);
  const largest = (firstMiss < 0 ? results : results.slice(0, firstMiss)).at(-1)?.players ?? 0;
  const row: Row = {
    scenario: `players acting every ${thinkMs / 1000} s (80 % reads, 20 % writes), sockets connected: most with call p99 ≤ ${GOAL_CALL_P99_MS} ms, push p99 ≤ ${GOAL_PUSH_P99_MS} ms`,
    connections: results.at(-1)?.players ?? 0,
    measure: 'players',
    ours: largest > 0 ? formatNumber(largest) : `< ${formatNumber(results[0]?.players ?? 0)}`,
    baseline: '—',
    ratio: '—',
    goal: `≥ ${formatNumber(GOAL_PLAYERS)}`,
    met: largest >= GOAL_PLAYERS,
  };
  const p = (values: number[], quantile: number) => formatNumber(percentile(values, quantile));
  const lines = results.map(
    (result) =>
      `  ${formatNumber(result.players)} players: ${formatNumber(result.calls)} calls in ${formatNumber(result.seconds, 1)} s (${formatNumber(result.callsPerSecond)}/s); ` +
      `every call p50 ${p(result.all, 0.5)} ms, p99 ${p(result.all, 0.99)} ms (reads p99 ${p(result.reads, 0.99)} ms, writes p99 ${p(result.writes, 0.99)} ms); ` +
      `${formatNumber(result.non2xx)} non-2xx (${formatNumber(result.refusals)} refused by a rule, the rest errors), ${formatNumber(result.errors)} errors (${formatNumber(result.unanswered)} unanswered); ` +
      `${formatNumber(result.attacks)} of ${formatNumber(result.attacksSent)} attacks answered 2xx, push from the response p50 ${p(result.push, 0.5)} ms, ` +
      `p99 ${p(result.push, 0.99)} ms (from the request p99 ${p(result.pushFromSend, 0.99)} ms), ${result.pushesMissing} not arrived within ${SETTLE_MS / 1000} s, ${result.pushesBeforeResponse} before the response; ` +
      (result.cpu
        ? `CPU s api ${formatNumber(result.cpu.api, 1)}, PostgreSQL ${formatNumber(result.cpu.postgres, 1)}, bench process ${formatNumber(result.cpu.bench, 1)}; `
        : '') +
      `bench event-loop delay p99 ${formatNumber(result.loopDelayP99)} ms; load ${result.load}; goals ${result.met ? 'met' : 'missed'}.`,
  );
  return {
    rows: [row],
    details: [
      `Players: ${formatNumber(seededPlayers)} paid players with bearer sessions, each a socket.io-client socket (WebSocket) and a call every ${thinkMs / 1000} s, open loop, at ${results.map((result) => formatNumber(result.players)).join(', ')} players, ` +
        `${stepSeconds} s each; calls share ${HTTP_SOCKETS} keep-alive connections; the load generator runs in the bench process on the same cores. ` +
        `Steps meeting both goals: ${passed.length > 0 ? passed.map((n) => formatNumber(n)).join(', ') : 'none'}.`,
      ...lines,
    ],
  };
}

/** One client as the web app's, over WebSocket; resolves once connected. */
function connect(apiUrl: string, token: string): Promise<Socket> {
  const socket = io(apiUrl, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
