import { Injectable, Module } from '@nestjs/common';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, UnrecoverableError } from 'bullmq';
import type { AppConfig } from '../config/app-config';
import { StartupError } from '../preflight';
import { testRedisPrefix } from '../../testing/test-database';
import { JobHandler, JobHandlers, JobHandlersModule, ScheduledJob } from './job-handlers';
import { Queues } from './queues';

const calls: unknown[][] = [];

@Injectable()
class Payments {
  @JobHandler(Queues.ledger, 'confirm-payment')
  async confirm(data: { paymentId: number }, lastAttempt: boolean): Promise<string> {
    calls.push(['confirm', data, lastAttempt]);
    return 'confirmed';
  }
}

@Injectable()
class Calendar {
  @ScheduledJob('daily-tick', { pattern: '0 8 * * *', tz: 'Asia/Manila' })
  @ScheduledJob('tuned-tick', (config) => ({ every: config.WITHDRAWAL_QUEUE_CHECK_MS }), { runAtStart: true })
  async tick(): Promise<void> {
    calls.push(['tick']);
  }
}

/** Another feature claiming a job name Payments already handles. */
@Injectable()
class RivalPayments {
  @JobHandler(Queues.ledger, 'confirm-payment')
  async confirmAgain(): Promise<void> {
    calls.push(['rival']);
  }
}
@Module({ providers: [RivalPayments] })
class RivalPaymentsModule {}

// One provider class listed by two modules is one handler, not two.
@Module({ providers: [Payments] })
class PaymentsModule {}
@Module({ providers: [Payments, Calendar] })
class AlsoPaymentsModule {}

function contextOf(...imports: Type[]): Promise<INestApplicationContext> {
  @Module({ imports: [JobHandlersModule, ...imports] })
  class TestModule {}
  return NestFactory.createApplicationContext(TestModule, { logger: false, abortOnError: false });
}

const connection = { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
const prefix = `${testRedisPrefix()}-bull`;
let context: INestApplicationContext;
let handlers: JobHandlers;
let ledger: Queue;
let schedules: Queue;

beforeAll(async () => {
  context = await contextOf(PaymentsModule, AlsoPaymentsModule);
  handlers = context.get(JobHandlers);
  ledger = new Queue(Queues.ledger, { connection, prefix });
  schedules = new Queue(Queues.schedules, { connection, prefix });
});
afterAll(async () => {
  for (const queue of [ledger, schedules]) {
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await context.close();
});
beforeEach(() => (calls.length = 0));

describe('JobHandlers', () => {
  it('refuses two handlers of one job name at start, naming both', async () => {
    const refused = await contextOf(PaymentsModule, RivalPaymentsModule).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toBe('The ledger job "confirm-payment" has two handlers: Payments.confirm and RivalPayments.confirmAgain');
  });

  it('hands a job its data and whether it is the last attempt; an unknown name fails for good', async () => {
    const first = await ledger.add('confirm-payment', { paymentId: 7 }, { attempts: 2 });
    expect(await handlers.run(Queues.ledger, first)).toBe('confirmed');
    first.attemptsMade = 1;
    await handlers.run(Queues.ledger, first);
    expect(calls).toEqual([
      ['confirm', { paymentId: 7 }, false],
      ['confirm', { paymentId: 7 }, true],
    ]);

    const unknown = await ledger.add('no-such-job', {});
    await expect(handlers.run(Queues.ledger, unknown)).rejects.toThrow(new UnrecoverableError('Unknown ledger job: no-such-job'));
    // A name is handled in its own queue only.
    const misplaced = await schedules.add('confirm-payment', {});
    await expect(handlers.run(Queues.schedules, misplaced)).rejects.toBeInstanceOf(UnrecoverableError);
    await Promise.all([first.remove(), unknown.remove(), misplaced.remove()]);
  });

  it('lists the job schedulers with their repeat (from the config where given so) and runs the start catch-ups', async () => {
    expect(handlers.schedulers({ WITHDRAWAL_QUEUE_CHECK_MS: 1234 } as AppConfig)).toEqual([
      ['daily-tick', { pattern: '0 8 * * *', tz: 'Asia/Manila' }],
      ['tuned-tick', { every: 1234 }],
    ]);
    await handlers.runAtStart();
    expect(calls).toEqual([['tick']]);
  });

  it('reports the jobs still to run and the job schedulers that no handler takes, by queue, name and count', async () => {
    await ledger.add('confirm-payment', { paymentId: 1 });
    const unknown = [await ledger.add('no-such-job', {}), await ledger.add('no-such-job', {}, { delay: 60_000 }), await ledger.add('gone-job', {}, { priority: 3 })];
    await schedules.upsertJobScheduler('retired-tick', { every: 60_000 }, { name: 'retired-tick' });
    await schedules.upsertJobScheduler('daily-tick', { pattern: '0 8 * * *', tz: 'Asia/Manila' }, { name: 'daily-tick' });

    await expect(handlers.refuseUnhandled([ledger, schedules])).rejects.toThrow(
      new StartupError(
        'The worker has no handler for "no-such-job" in the ledger queue (2 jobs), "gone-job" in the ledger queue (1 job), ' +
          '"retired-tick" in the schedules queue (1 job and its job scheduler): deploy a worker that handles them, or remove them, then start again',
      ),
    );

    for (const job of unknown) await job.remove();
    // A retired scheduler goes with the tick it had queued.
    await schedules.removeJobScheduler('retired-tick');
    for (const tick of await schedules.getJobs(['waiting', 'delayed'])) if (tick.name === 'retired-tick') await tick.remove();
    await expect(handlers.refuseUnhandled([ledger, schedules])).resolves.toBeUndefined();
  });
});
