import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { ApiRoutes } from '@runik/contract';
import { ASSETS } from '@runik/server';
import { apiClient } from '../support/api-client';
import { newCityPlayer } from '../support/city';
import { WORKSPACE_ROOT } from '../support/processes';
import { startStack, Stack } from '../support/stack';

const METRICS_TOKEN = 'scrape-secret-0123456789';
let stack: Stack;
// Request logs are at info level: this stack logs them, to see the request id in them.
beforeAll(async () => (stack = await startStack({ extraEnv: { METRICS_TOKEN, LOG_LEVEL: 'info' } })));
afterAll(() => stack?.stop());

const scrape = () => apiClient(stack.apiUrl, METRICS_TOKEN).get<string>('/metrics', { responseType: 'text' });

/** The value of one series, e.g. `runik_queue_jobs{queue="ledger",state="waiting"}`, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('metrics at /metrics', () => {
  it("answers only with the metrics token (or the operators' credentials: security.spec.ts)", async () => {
    const anonymous = await apiClient(stack.apiUrl).get('/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({ error: 'Operator credentials are required.' });
    expect((await apiClient(stack.apiUrl, 'not-the-right-token-at-all').get('/metrics')).status).toBe(401);
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests and their latency by route pattern, method and status', async () => {
    const player = await newCityPlayer(stack, 'metrics');
    expect((await player.api.get(ApiRoutes.cityResources(player.username))).status).toBe(200);
    expect((await apiClient(stack.apiUrl).get(ApiRoutes.cityResources(player.username))).status).toBe(401);
    expect((await apiClient(stack.apiUrl).get('/api/no-such-route/12345')).status).toBe(404);

    const text = (await scrape()).data;
    const route = '/api/city/resources/:username';
    expect(sample(text, `http_requests_total{method="GET",route="${route}",status="200"}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `http_requests_total{method="GET",route="${route}",status="401"}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, `http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${route}",status="200"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, `http_requests_total{method="GET",route="(unmatched)",status="404"}`)).toBeGreaterThanOrEqual(1);
    // Labelled by pattern, never by the raw URL.
    expect(text).not.toContain(player.username);
    expect(text).not.toContain('no-such-route');
    // The process's own metrics come along.
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('reports queue depths and job failures read from Redis, and ledger totals from PostgreSQL', async () => {
    let text = (await scrape()).data;
    for (const queue of ['ledger', 'schedules']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(sample(text, `runik_queue_jobs{queue="${queue}",state="${state}"}`)).toEqual(expect.any(Number));
      }
    }
    const failedBefore = sample(text, 'runik_queue_jobs_failed_total{queue="ledger"}') ?? 0;

    // A job no processor knows fails for good in the worker, which records it in Redis.
    const queue = new Queue('ledger', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: `${stack.redisPrefix}-bull`,
    });
    try {
      await queue.add('no-such-job', {});
    } finally {
      await queue.close();
    }
    text = await eventually(
      async () => (await scrape()).data,
      // Depths are read before totals within one scrape, so a job failing in between shows in one only.
      (scraped) =>
        sample(scraped, 'runik_queue_jobs_failed_total{queue="ledger"}') === failedBefore + 1 &&
        (sample(scraped, 'runik_queue_jobs{queue="ledger",state="failed"}') ?? 0) >= 1,
    );
    expect(sample(text, 'runik_queue_jobs_failed_total{queue="ledger"}')).toBe(failedBefore + 1);
    expect(sample(text, 'runik_queue_jobs{queue="ledger",state="failed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'runik_queue_jobs_completed_total{queue="schedules"}')).toEqual(expect.any(Number));

    // Ledger totals: players together, each system account alone; every posting balances, so each asset sums to zero.
    const ledger = text.split('\n').filter((line) => line.startsWith('runik_ledger_balance_thousandths{'));
    for (const account of ['players', 'system:mint', 'system:treasury', 'external:hive-engine']) {
      for (const asset of ASSETS) {
        expect(sample(text, `runik_ledger_balance_thousandths{account="${account}",asset="${asset}"}`)).toEqual(expect.any(Number));
      }
    }
    // The player of the test above started with resources, minted for it.
    expect(sample(text, 'runik_ledger_balance_thousandths{account="players",asset="wheat"}')).toBeGreaterThan(0);
    const byAsset = new Map<string, number>();
    for (const line of ledger) {
      const asset = /asset="([a-z]+)"/.exec(line)?.[1] ?? 'unparsed';
      byAsset.set(asset, (byAsset.get(asset) ?? 0) + Number(line.split(' ').pop()));
    }
    expect(byAsset.size).toBeGreaterThan(0);
    for (const total of byAsset.values()) expect(total).toBe(0);
  });
});

describe('request ids', () => {
  const logFile = () => join(WORKSPACE_ROOT, 'tmp', 'test-logs', `${stack.redisPrefix}-api.log`);

  it('returns a new id with each request, keeps a sane one the caller sent, and replaces any other', async () => {
    const api = apiClient(stack.apiUrl);
    const first = (await api.get(ApiRoutes.cityConstants)).headers['x-request-id'];
    const second = (await api.get(ApiRoutes.cityConstants)).headers['x-request-id'];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);

    const given = `trace-${Date.now()}`;
    expect((await api.get(ApiRoutes.cityConstants, { headers: { 'X-Request-Id': given } })).headers['x-request-id']).toBe(given);
    // On errors too.
    expect((await api.get('/api/no-such-route', { headers: { 'X-Request-Id': given } })).headers['x-request-id']).toBe(given);
    for (const unsafe of ['x'.repeat(65), 'has space', 'quote"d']) {
      const replaced = (await api.get(ApiRoutes.cityConstants, { headers: { 'X-Request-Id': unsafe } })).headers['x-request-id'];
      expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('writes JSON log lines that carry the request id, and none for probes and scrapes', async () => {
    const probe = `probe-${Date.now()}`;
    expect((await apiClient(stack.apiUrl).get(`${ApiRoutes.health}/live`, { headers: { 'X-Request-Id': probe } })).status).toBe(200);
    expect((await apiClient(stack.apiUrl).get(ApiRoutes.health, { headers: { 'X-Request-Id': probe } })).status).toBe(200);
    expect((await apiClient(stack.apiUrl, METRICS_TOKEN).get('/metrics', { headers: { 'X-Request-Id': probe } })).status).toBe(200);
    const id = `logged-${Date.now()}`;
    expect((await apiClient(stack.apiUrl).get(ApiRoutes.cityConstants, { headers: { 'X-Request-Id': id } })).status).toBe(200);
    const lines = await eventually(
      async () => (existsSync(logFile()) ? readFileSync(logFile(), 'utf8') : '').split('\n').filter((line) => line.includes(id)),
      (found) => found.length > 0,
      5_000,
    );
    expect(lines.length).toBeGreaterThan(0);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: 30, req: { id, method: 'GET', url: ApiRoutes.cityConstants }, res: { statusCode: 200 } });
    expect(entry.msg).toBe('request completed');
    expect(typeof entry.responseTime).toBe('number');
    expect(readFileSync(logFile(), 'utf8')).not.toContain(probe);
  });
});
