import { spawn, type ChildProcess } from 'node:child_process';
import { ApiRoutes } from '@runik/contract';
import { newCityPlayer, type CityPlayer } from '../support/city';
import { eventually } from '../support/eventually';
import { freePort } from '../support/processes';
import { startStack, Stack } from '../support/stack';

/**
 * The game on a Redis of its own (a private redis-server), which the test freezes (SIGSTOP: the
 * server hangs, connections stay open) and then stops (SIGKILL: connections refused). Measured
 * before: each call waited 3-10 s for its 503. Every call needs Redis (the rate limit counts in it):
 * it must answer 503 within about a second, and the game answers again once Redis is back.
 */
let redis: ChildProcess;
let redisPort: number;
let stack: Stack;

function startRedis(): ChildProcess {
  const server = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  return server;
}

async function stopRedis(): Promise<void> {
  if (redis.exitCode !== null || redis.signalCode !== null) return;
  const exited = new Promise((resolve) => redis.once('exit', resolve));
  redis.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  redisPort = await freePort();
  redis = startRedis();
  // The product's Redis command timeout (app-config.ts), which the test stacks raise for a loaded machine.
  stack = await startStack({ extraEnv: { REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_COMMAND_TIMEOUT_MS: '500' } });
});
afterAll(async () => {
  redis?.kill('SIGCONT');
  await stack?.stop();
  if (redis) await stopRedis();
});

/** A read a player makes all the time, and how long its answer took. */
async function timedRead(player: CityPlayer): Promise<{ status: number; ms: number; retryAfter?: string }> {
  const started = Date.now();
  const response = await player.api.get(ApiRoutes.cityResources(player.username), { timeout: 15_000 });
  return { status: response.status, ms: Date.now() - started, retryAfter: response.headers['retry-after'] };
}

async function readsWhileDown(player: CityPlayer): Promise<{ status: number; ms: number; retryAfter?: string }[]> {
  const answers = [];
  for (let read = 0; read < 5; read++) answers.push(await timedRead(player));
  return answers;
}

const answersAgain = (player: CityPlayer) =>
  eventually(
    () => timedRead(player),
    (answer) => answer.status === 200,
    30_000,
  );

describe('a private Redis frozen, then stopped', () => {
  it('answers 503 within 2 s while Redis hangs or is gone, and 200 once it is back', async () => {
    const player = await newCityPlayer(stack, 'rdis');
    expect((await timedRead(player)).status).toBe(200);

    redis.kill('SIGSTOP');
    const frozen = await readsWhileDown(player);
    redis.kill('SIGCONT');
    console.log(`Redis frozen: answers in ${frozen.map((answer) => `${answer.status}/${answer.ms} ms`).join(', ')}`);
    for (const answer of frozen) {
      expect(answer).toEqual({ status: 503, ms: expect.any(Number), retryAfter: expect.stringMatching(/^\d+$/) });
      expect(answer.ms).toBeLessThan(2_000);
    }
    expect((await answersAgain(player)).status).toBe(200);

    await stopRedis();
    const stopped = await readsWhileDown(player);
    console.log(`Redis stopped: answers in ${stopped.map((answer) => `${answer.status}/${answer.ms} ms`).join(', ')}`);
    for (const answer of stopped) {
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(2_000);
    }

    // Back on the same port: ioredis reconnects by itself. The data is gone (no persistence), but the
    // session lives in PostgreSQL.
    redis = startRedis();
    expect((await answersAgain(player)).status).toBe(200);
  }, 120_000);
});
