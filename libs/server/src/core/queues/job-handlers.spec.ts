import { Injectable, Module } from '@nestjs/common';
import type { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, UnrecoverableError } from 'bullmq';
import type { AppConfig } from '../config/app-config';
import { StartupError } from '../preflight';
import { testRedisPrefix } from '../../testing/test-database';
import { JobHandler, JobHandlers, JobHandlersModule, ScheduledJob } from './job-handlers';
import { LedgerJobs, Queues, ScheduledJobs } from './queues';

const calls: unknown[][] = [];

@Injectable()
class Payments {
  @JobHandler(Queues.ledger, LedgerJobs.confirmDeposit)
  async confirm(data: { paymentId: number }, lastAttempt: boolean): Promise<string> {
    calls.push(['confirm', data, lastAttempt]);
    return 'confirmed';
  }
}

@Injectable()
class Calendar {
  @ScheduledJob(ScheduledJobs.citadelDailyReset, { pattern: '0 8 * * *', tz: 'Asia/Manila' })
  @ScheduledJob(ScheduledJobs.withdrawalQueueRelease, (config) => ({ every: config.WITHDRAWAL_QUEUE_CHECK_MS }), { runAtStart: true })
  async tick(): Promise<void> {
    calls.push(['tick']);
  }
}

/** Another feature claiming a job name Payments already handles. */
@Injectable()
class RivalPayments {
  @JobHandler(Queues.ledger, LedgerJobs.confirmDeposit)
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
    expect((refused as Error).message).toBe(
      'The ledger job "confirm-deposit" has two handlers: Payments.confirm and RivalPayments.confirmAgain',
    );
  });

  it('hands a job its data and whether it is the last attempt; an unknown name fails for good', async () => {
    const first = await ledger.add('confirm-deposit', { paymentId: 7 }, { attempts: 2 });
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
    const misplaced = await schedules.add('confirm-deposit', {});
    await expect(handlers.run(Queues.schedules, misplaced)).rejects.toBeInstanceOf(UnrecoverableError);
    await Promise.all([first.remove(), unknown.remove(), misplaced.remove()]);
  });

  it('lists the job schedulers with their repeat (from the config where given so) and runs the start catch-ups', async () => {
    expect(handlers.schedulers({ WITHDRAWAL_QUEUE_CHECK_MS: 1234 } as AppConfig)).toEqual([
      ['citadel-daily-reset', { pattern: '0 8 * * *', tz: 'Asia/Manila' }],
      ['withdrawal-queue-release', { every: 1234 }],
    ]);
    await handlers.runAtStart();
    expect(calls).toEqual([['tick']]);
  });

  it("on the game clock: a daily pattern at the game's hours, and every scheduled handler run once on a move", async () => {
    expect(handlers.schedulers({ WITHDRAWAL_QUEUE_CHECK_MS: 1234 } as AppConfig, 5 * 3_600_000)).toEqual([
      ['citadel-daily-reset', { pattern: '0 3 * * *', tz: 'Asia/Manila' }],
      ['withdrawal-queue-release', { every: 1234 }],
    ]);
    // Calendar.tick has two schedules: it runs once.
    expect(await handlers.runScheduledOnce(() => undefined)).toEqual(['citadel-daily-reset']);
    expect(calls).toEqual([['tick']]);
  });

  it('reports the jobs still to run and the job schedulers that no handler takes, by queue, name and count', async () => {
    await ledger.add('confirm-deposit', { paymentId: 1 });
    const unknown = [
      await ledger.add('no-such-job', {}),
      await ledger.add('no-such-job', {}, { delay: 60_000 }),
      await ledger.add('gone-job', {}, { priority: 3 }),
    ];
    await schedules.upsertJobScheduler('retired-tick', { every: 60_000 }, { name: 'retired-tick' });
    await schedules.upsertJobScheduler('citadel-daily-reset', { pattern: '0 8 * * *', tz: 'Asia/Manila' }, { name: 'citadel-daily-reset' });

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
  it("refuses to start when a declared job has no handler (a feature's jobs module left out), naming each", () => {
    // The context handles confirm-deposit and two schedules: every other job the game declares is missing.
    const refused = (() => {
      try {
        handlers.refuseMissingHandlers();
      } catch (error) {
        return error as Error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(StartupError);
    for (const name of Object.values(LedgerJobs).filter((name) => name !== LedgerJobs.confirmDeposit)) {
      expect(refused?.message).toContain(`no handler for the ledger job "${name}"`);
    }
    expect(refused?.message).toContain('no handler for the schedules job "emission-sizing"');
    expect(refused?.message).not.toContain('"confirm-deposit"');
    expect(refused?.message).toContain("is every feature's jobs module in apps/worker/src/worker.module.ts?");

    // With exactly these declared, the wiring is complete; a handler of a job not declared is refused.
    const handled = {
      ledger: [LedgerJobs.confirmDeposit],
      schedules: [ScheduledJobs.citadelDailyReset, ScheduledJobs.withdrawalQueueRelease],
    };
    expect(() => handlers.refuseMissingHandlers(handled)).not.toThrow();
    expect(() => handlers.refuseMissingHandlers({ ...handled, ledger: [] })).toThrow(
      'Payments.confirm handles the ledger job "confirm-deposit", which queues.ts does not declare',
    );
  });

  it("types a handler's job name by its queue", () => {
    // @ts-expect-error: a ledger handler cannot name a job the ledger queue does not declare.
    expect(() => JobHandler(Queues.ledger, 'no-such-job')).not.toThrow();
    // @ts-expect-error: a schedule's name is a scheduled job's.
    expect(() => ScheduledJob(LedgerJobs.confirmDeposit, { every: 1000 })).not.toThrow();
  });
});
