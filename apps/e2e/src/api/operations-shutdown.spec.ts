import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Queue } from 'bullmq';
import { ApiRoutes } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { newCityPlayer } from '../support/city';
import { startStack, Stack } from '../support/stack';

/** How long the worker's Hive Engine takes to answer: a confirmation job stays active that long. */
const ENGINE_DELAY_MS = 2500;

let stack: Stack;
let slowEngine: Server;
let engineCalls = 0;

beforeAll(async () => {
  // The worker's Hive Engine: answers every call "no such transaction yet", slowly.
  slowEngine = createServer((req, res) => {
    engineCalls += 1;
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () =>
      setTimeout(() => {
        const id = (JSON.parse(body || '{}') as { id?: number }).id ?? 1;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: null }));
      }, ENGINE_DELAY_MS),
    );
  });
  await new Promise<void>((resolve) => slowEngine.listen(0, '127.0.0.1', resolve));
  const engineUrl = `http://127.0.0.1:${(slowEngine.address() as AddressInfo).port}`;
  stack = await startStack({ workerEnv: { HIVE_ENGINE_URLS: engineUrl } });
});
afterAll(async () => {
  await stack?.stop();
  slowEngine?.closeAllConnections();
  await new Promise((resolve) => slowEngine?.close(resolve));
});

async function exitOf(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no exit within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

describe('graceful shutdown', () => {
  it('the worker finishes the job in hand on SIGTERM, then exits 0', async () => {
    const player = await newCityPlayer(stack, 'drain');
    const txId = randomBytes(20).toString('hex');
    const callsBefore = engineCalls;
    expect((await player.api.post(ApiRoutes.depositInit(player.username), { amount: '1', txId })).status).toBe(200);
    // The confirmation job is active once the worker asks the (slow) engine.
    const deadline = Date.now() + 10_000;
    while (engineCalls === callsBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engineCalls).toBeGreaterThan(callsBefore);

    const { worker } = stack.processes();
    if (!worker) throw new Error('the stack runs no worker');
    const signalledAt = Date.now();
    worker.kill('SIGTERM');
    expect(await exitOf(worker, 15_000)).toEqual({ code: 0, signal: null });
    // It waited for the engine's answer rather than dropping the job.
    expect(Date.now() - signalledAt).toBeGreaterThan(ENGINE_DELAY_MS / 2);

    // The job ended normally (not found yet: retried later), so no job is left active for a stall check to find.
    const queue = new Queue('ledger', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: `${stack.redisPrefix}-bull`,
    });
    try {
      const counts = await queue.getJobCounts('active', 'delayed', 'failed');
      expect(counts.active).toBe(0);
      expect(counts.delayed + counts.failed).toBeGreaterThanOrEqual(1);
    } finally {
      await queue.close();
    }
  });

  it('the api finishes a request in flight on SIGTERM, then exits 0 and takes no more connections', async () => {
    const api = stack.processes().api;
    const { port } = new URL(stack.apiUrl);
    const body = JSON.stringify({ hiveUsername: 'nobody', challenge: 'x'.repeat(64), timestamp: Date.now(), signature: 'y'.repeat(130) });
    // A request whose body is still arriving when the signal comes.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: ApiRoutes.verifyLogin,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        api.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });
    const status = await inFlight;
    // Answered by the game (an unknown challenge), not cut off and not refused.
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    const answeredAt = Date.now();
    expect(await exitOf(api, 10_000)).toEqual({ code: 0, signal: null });
    // Right after its last answer: the keep-alive connection it came on does not hold the process up.
    expect(Date.now() - answeredAt).toBeLessThan(3000);
    // Gone: new connections are refused.
    await expect(apiClient(stack.apiUrl).get(ApiRoutes.health, { timeout: 2000 })).rejects.toThrow();
  });
});
