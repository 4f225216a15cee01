import { readFileSync } from 'node:fs';
import { io, Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { NOTIFICATION_EVENT, SOCKET_PATH } from '@runik/contract';
import type { NotificationDto } from '@runik/contract';
import { Clock, dataSourceOptions, loadAppConfig, NotificationPush, Notifier } from '@runik/server';
import { percentile } from './load';
import { formatNumber, Row, ScenarioReport } from './report';
import type { SeededPlayer } from './seed';
import type { BenchSizes } from './sizes';
import { collectGarbage, databaseUrl, log, sleep } from './support';

/** Handshakes under way at once while connecting. */
const CONNECTING_AT_ONCE = 50;
/** How long the last pushes may take before they count as lost. */
const SETTLE_MS = 5000;
const GOAL_P99_MS = 250;
/** Issue 46's goal for the api's memory per connected socket, at 2,000 sockets. */
const GOAL_KIB_PER_SOCKET = 20;
/** How long the api is left after a batch of handshakes before its RSS is read. */
const SETTLE_RSS_MS = 2000;

/**
 * Live notifications, as players get them: `sockets` socket.io-client connections (WebSocket, each
 * player's bearer token; the seeded players share them out) to one api process, and `perSecond`
 * notifications a second for `seconds` to players at random (at full size 2,000 sockets, 200 a second for 20 s), each written by the worker's own path:
 * Notifier.notify in a transaction, NotificationPush publishing it through the Redis emitter once
 * that commits, the api's Redis adapter delivering it to the player's sockets. Latency: from the
 * start of that transaction to each socket's receipt (both clocks this process's). Memory: the
 * api's RSS (/proc) before connecting, once half the sockets are connected and once all are, each time 2 s after
 * the last handshake, read as it is and again after a full garbage collection (asked through the api's inspector,
 * which bench.ts opens for this api only; bench.ts gives this scenario an api process of its own, so that little
 * else changes its RSS meanwhile). The row: the marginal figure, (RSS at N - RSS at N/2) / (N/2), both after the
 * collection: what each further socket keeps. The first handshakes grow V8's young generation to its maximum (4 to
 * 48 MiB on Node 24 by default, which a full collection does not give back) and fault in code and pages first used
 * by a connection; none of that is per socket, by N/2 it has happened, and it moved the whole figure (RSS at N - RSS
 * before) / N from 15.4 to 20.7 KiB between runs of the same code: the details give it beside the row, so that
 * nothing the row leaves out is hidden. Without the collection the figure also counted the handshakes' garbage not
 * yet collected, which is no socket's and moved the marginal figure from 10 to 22 KiB between back-to-back runs:
 * the details give how much garbage each collection took back.
 */
export async function pushDelivery(
  api: { url: string; pid: number; inspectorPort: number },
  players: SeededPlayer[],
  serverEnv: Record<string, string>,
  database: string,
  size: BenchSizes['push'],
): Promise<ScenarioReport> {
  const config = loadAppConfig(serverEnv);
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl(database), { max: 8 })).initialize();
  const push = new NotificationPush(dataSource, config);
  push.onModuleInit();
  const notifier = new Notifier(push, new Clock());
  const sockets: Socket[] = [];
  try {
    const owners = Array.from({ length: size.sockets }, (_, index) => players[index % players.length]);
    const socketsPerPlayer = new Map<number, number>();
    for (const owner of owners) socketsPerPlayer.set(owner.playerId, (socketsPerPlayer.get(owner.playerId) ?? 0) + 1);

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const half = Math.floor(owners.length / 2);
    const readMemory = async (): Promise<MemoryReading> => {
      await sleep(SETTLE_RSS_MS);
      const seen = rssKiB(api.pid);
      await collectGarbage(api.inspectorPort);
      return { seen, collected: rssKiB(api.pid) };
    };
    const before = await readMemory();
    const connectAll = async (from: number, to: number) => {
      for (let first = from; first < to; first += CONNECTING_AT_ONCE) {
        const batch = await Promise.all(
          owners.slice(first, Math.min(first + CONNECTING_AT_ONCE, to)).map((owner) => connect(api.url, owner.token)),
        );
        for (const socket of batch) {
          socket.on(NOTIFICATION_EVENT, (notification: NotificationDto) => {
            if (notification.kind !== 'deposit-credited') return;
            latencies.push(Date.now() - (sentAt.get(notification.data.transactionId) ?? NaN));
          });
        }
        sockets.push(...batch);
      }
      return readMemory();
    };
    const atHalf = await connectAll(0, half);
    const atAll = await connectAll(half, owners.length);
    const perSocket = {
      whole: (atAll.collected - before.collected) / owners.length,
      marginal: (atAll.collected - atHalf.collected) / Math.max(1, owners.length - half),
    };
    const mib = (kib: number) => formatNumber(kib / 1024);
    const kib = (value: number) => formatNumber(value, 1);
    const garbage = (reading: MemoryReading) => mib(reading.seen - reading.collected);
    log(
      `${size.sockets} sockets connected; api RSS after a full collection ${mib(before.collected)} → ${mib(atHalf.collected)} (${half}) → ${mib(atAll.collected)} MiB (${owners.length}): ` +
        `${kib(perSocket.whole)} KiB per socket, ${kib(perSocket.marginal)} KiB per further socket from ${half}`,
    );

    const started = Date.now();
    const transactionMs: number[] = [];
    const sends: Promise<void>[] = [];
    let expected = 0;
    for (let index = 0; index < size.perSecond * size.seconds; index++) {
      const due = started + (index * 1000) / size.perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      const player = players[Math.floor(Math.random() * players.length)];
      expected += socketsPerPlayer.get(player.playerId) ?? 0;
      const transactionId = `bench-push-${index}`;
      const begun = Date.now();
      sentAt.set(transactionId, begun);
      sends.push(
        dataSource
          .transaction((manager) =>
            notifier.notify(manager, player.playerId, 'deposit-credited', `bench-push:${index}`, {
              depositId: index,
              amount: 1,
              transactionId,
            }),
          )
          .then(() => void transactionMs.push(Date.now() - begun)),
      );
    }
    await Promise.all(sends);
    const sendSeconds = (Date.now() - started) / 1000;
    const deadline = Date.now() + SETTLE_MS;
    while (latencies.length < expected && Date.now() < deadline) await sleep(50);

    latencies.sort((a, b) => a - b);
    transactionMs.sort((a, b) => a - b);
    const [p50, p99] = [percentile(latencies, 0.5), percentile(latencies, 0.99)];
    const lost = expected - latencies.length;
    log(
      `push: ${formatNumber(latencies.length)} of ${formatNumber(expected)} deliveries, p50 ${formatNumber(p50)} ms, p99 ${formatNumber(p99)} ms`,
    );
    if (lost !== 0) throw new Error(`push: ${lost} of ${expected} deliveries did not arrive within ${SETTLE_MS} ms`);

    const row: Row = {
      scenario: `notification to a player's sockets, ${size.perSecond}/s among ${size.sockets} sockets`,
      connections: size.sockets,
      measure: 'p99 ms',
      ours: formatNumber(p99),
      baseline: '—',
      ratio: '—',
      goal: `≤ ${GOAL_P99_MS} ms`,
      met: p99 <= GOAL_P99_MS,
    };
    const memoryRow: Row = {
      scenario: `api memory per further socket (RSS after a full collection), ${half} → ${owners.length} sockets`,
      connections: size.sockets,
      measure: 'KiB per socket',
      ours: kib(perSocket.marginal),
      baseline: '—',
      ratio: '—',
      goal: `≤ ${GOAL_KIB_PER_SOCKET} KiB`,
      met: perSocket.marginal <= GOAL_KIB_PER_SOCKET,
    };
    return {
      rows: [row, memoryRow],
      details: [
        `Push: ${formatNumber(size.sockets)} Socket.IO clients (WebSocket, ${formatNumber(size.sockets / players.length, 1)} per player, bearer tokens) on one api process; ` +
          `${formatNumber(size.perSecond * size.seconds)} notifications in ${formatNumber(sendSeconds, 1)} s to players at random, each stored and pushed as the worker does (Notifier in a transaction, the Redis emitter after the commit), ` +
          `${formatNumber(latencies.length)} deliveries, none lost. From the transaction's start to the socket: p50 ${formatNumber(p50)} ms, p99 ${formatNumber(p99)} ms, max ${formatNumber(latencies[latencies.length - 1])} ms; ` +
          `the transaction alone: p50 ${formatNumber(percentile(transactionMs, 0.5))} ms, p99 ${formatNumber(percentile(transactionMs, 0.99))} ms.`,
        `Push, memory: the api's RSS 2 s after the last handshake and a full collection, ${mib(before.collected)} MiB before the sockets, ${mib(atHalf.collected)} MiB with ${formatNumber(half)}, ${mib(atAll.collected)} MiB with ${formatNumber(owners.length)}: ` +
          `${kib(perSocket.marginal)} KiB per further socket from ${formatNumber(half)} to ${formatNumber(owners.length)} (in the table), ${kib(perSocket.whole)} KiB per socket from 0, the fixed growth of the first handshakes included. ` +
          `Garbage the collection took back at each reading (before the sockets, then with ${formatNumber(half)} and ${formatNumber(owners.length)}): ${garbage(before)}, ${garbage(atHalf)} and ${garbage(atAll)} MiB.`,
      ],
    };
  } finally {
    for (const socket of sockets) socket.close();
    await push.onApplicationShutdown();
    await dataSource.destroy();
  }
}

/** The api's RSS in KiB as it is, and after a full garbage collection. */
interface MemoryReading {
  seen: number;
  collected: number;
}

/** One client as the web app's, over WebSocket; resolves once connected. */
function connect(apiUrl: string, token: string): Promise<Socket> {
  const socket = io(apiUrl, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** A process's resident memory, from /proc (Linux). */
function rssKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}
