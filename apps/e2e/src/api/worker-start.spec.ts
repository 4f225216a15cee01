import { Queue } from 'bullmq';
import { Queues, ScheduledJobs } from '@runik/server/queues';
import { createTestDatabase, TestDatabase, testRedisPrefix } from '@runik/server/testing/database';
import { startNodeProcess, stopProcess, waitForOutput } from '../support/processes';
import { TEST_REDIS_COMMAND_TIMEOUT_MS } from '../support/stack';

// The worker alone, on a database and a Redis prefix of its own; nothing listens on its chain nodes
// (the chain follower only warns), as nothing here needs the chain.
const redisPrefix = testRedisPrefix();
const connection = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
let database: TestDatabase;
let queues: Queue[];

beforeAll(async () => {
  database = await createTestDatabase();
  queues = [Queues.ledger, Queues.schedules].map((name) => new Queue(name, { connection, prefix: `${redisPrefix}-bull` }));
});
afterAll(async () => {
  for (const queue of queues ?? []) {
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await database?.drop();
});

function startWorker(run: number) {
  return startNodeProcess(`${redisPrefix}-worker-${run}`, 'apps/worker/src/main.ts', {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_PREFIX: redisPrefix,
    HIVE_NODE_URLS: 'http://127.0.0.1:1',
    HIVE_ENGINE_URLS: 'http://127.0.0.1:1',
    LOG_LEVEL: 'warn',
    REDIS_COMMAND_TIMEOUT_MS: TEST_REDIS_COMMAND_TIMEOUT_MS,
  });
}

describe('the worker start', () => {
  it("the worker's start refuses an unhandled job name", async () => {
    const [ledger, schedules] = queues;
    // Queued by something newer (or older) than this worker, while no worker runs.
    const unknown = await ledger.add('no-such-job', {});

    const refused = startWorker(1);
    let output = '';
    refused.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    refused.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => refused.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      'The worker has no handler for "no-such-job" in the ledger queue (1 job): deploy a worker that handles them, or remove them, then start again',
    );
    expect(output).not.toContain('Runik worker started');
    // Refused before any processor took a job: the job still waits, untouched.
    expect(await unknown.getState()).toBe('waiting');
    expect((await ledger.getJob(unknown.id ?? ''))?.attemptsMade).toBe(0);

    await unknown.remove();
    const started = startWorker(2);
    try {
      await waitForOutput(started, 'Runik worker started');
      // Each feature's @ScheduledJob became a job scheduler (the throne alarm's wake-ups are one-off jobs).
      const schedulers = (await schedules.getJobSchedulers()).map((scheduler) => scheduler.name);
      expect(schedulers.sort()).toEqual(
        Object.values(ScheduledJobs)
          .filter((name) => name !== ScheduledJobs.throneAdvance)
          .sort(),
      );
    } finally {
      await stopProcess(started);
    }
  }, 120_000);
});
