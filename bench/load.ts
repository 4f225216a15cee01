/**
 * A thin typed wrapper over autocannon's programmatic API (the package ships no types): runs one
 * scenario and measures its wall time itself, from the first request to the last response
 * (autocannon's own `duration` ends on its next 1 s sampling tick, too coarse for a 1,000-request run).
 */
const autocannon: (options: Record<string, unknown>) => Tracker = require('autocannon');

interface Tracker extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
}

interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { p50: number; p99: number; max: number; totalCount: number };
  requests: { total: number; sent: number };
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Either a duration or an exact number of requests. */
  seconds?: number;
  amount?: number;
  /** Called once per request sent: which request to send next. */
  next: () => RequestSpec;
  /** When given, every 2xx response's latency (ms) is pushed here, to merge runs (see mergeLoads). */
  latencies?: number[];
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  wallSeconds: number;
  requestsPerSecond: number;
  /** Of the 2xx responses, in ms. */
  p50: number;
  p99: number;
  max: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  let lastResponse = started;
  const tracker = autocannon({
    url: options.url,
    // autocannon refuses more connections than requests (the short run's warm-ups have fewer players than connections).
    connections: options.amount ? Math.min(options.connections, options.amount) : options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    timeout: 10,
    // The first request of each connection is built when the connection is created, each later one
    // just before it is sent: `next` is therefore called exactly once per request sent.
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, ...options.next() }) }],
  });
  const latencies = options.latencies;
  tracker.on('response', (_client, statusCode, _bytes, responseTime) => {
    lastResponse = performance.now();
    if (latencies && statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await tracker;
  const completed = result.requests.total;
  const wallSeconds = (lastResponse - started) / 1000;
  return {
    requests: completed,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    wallSeconds,
    requestsPerSecond: wallSeconds > 0 ? completed / wallSeconds : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

/** The value at a quantile of sorted numbers (nearest rank). */
export function percentile(sorted: number[], quantile: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1))];
}

/**
 * Several runs of one scenario as one result: responses over the sum of their wall times, and the
 * percentiles of every 2xx latency the runs collected (`latencies`, see LoadOptions).
 */
export function mergeLoads(results: LoadResult[], latencies: number[]): LoadResult {
  const sum = (pick: (result: LoadResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  const statusCodes: Record<string, number> = {};
  for (const result of results)
    for (const [code, count] of Object.entries(result.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const sorted = [...latencies].sort((a, b) => a - b);
  const wallSeconds = sum((result) => result.wallSeconds);
  const requests = sum((result) => result.requests);
  return {
    requests,
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    statusCodes,
    wallSeconds,
    requestsPerSecond: wallSeconds > 0 ? requests / wallSeconds : 0,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
  };
}

/**
 * Measures a scenario against its baseline(s) in alternating slices (round r starts with side
 * r mod n, so each side goes first as often), so that other work on the machine, which comes and
 * goes, weighs on every side alike. Each side keeps its own results.
 */
export async function alternate(rounds: number, sides: (() => Promise<unknown>)[]): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < sides.length; i++) await sides[(round + i) % sides.length]();
  }
}

/** A plain text table: first column left-aligned, the others right-aligned unless `leftColumns` says otherwise. */
export function printTextTable(header: string[], rows: string[][], leftColumns: number[] = [0]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (leftColumns.includes(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}

/** The benchmarks' one table: requests, failures, throughput and latencies per scenario. */
export function printTable(rows: [string, LoadResult][]): void {
  printTextTable(
    ['scenario', 'requests', 'non-2xx', 'errors', 'req/s', 'p50 ms', 'p99 ms'],
    rows.map(([name, result]) => [
      name,
      String(result.requests),
      String(result.non2xx),
      String(result.errors + result.timeouts),
      result.requestsPerSecond.toFixed(0),
      result.p50.toFixed(1),
      result.p99.toFixed(1),
    ]),
  );
  console.log(
    '(errors: socket errors and timeouts; req/s: responses / wall time from the first request to the last response; latencies of the 2xx responses)',
  );
}

/**
 * Runs a benchmark's (or the soak's) main with a deadline, cleaning up (processes, databases, Redis
 * keys) however it ends: success, failure, the deadline or a signal; exits with its status (1 when
 * main throws or answers false).
 */
export function runBenchmark(
  main: () => Promise<boolean | void>,
  cleanUp: () => Promise<void>,
  deadlineMs: number,
  failure = 'Benchmark failed',
): void {
  const deadline = setTimeout(() => {
    console.error(`\nGave up after ${deadlineMs / 1000} s; cleaning up.`);
    void cleanUp().finally(() => process.exit(1));
  }, deadlineMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up.`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  main()
    .then(
      (passed) => cleanUp().then(() => (passed === false ? 1 : 0)),
      async (error: Error) => {
        console.error(`\n${failure}: ${error.stack ?? error.message}`);
        await cleanUp();
        return 1;
      },
    )
    .then((code) => {
      clearTimeout(deadline);
      process.exit(code);
    });
}
