import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Job, Queue, RepeatOptions, UnrecoverableError } from 'bullmq';
import { GAME_DAY_RESET_HOUR, GAME_TIME_ZONE } from '@runik/rules';
import type { AppConfig } from '../config/app-config';
import { StartupError } from '../preflight';
import { onGameClock } from './game-time-repeat';
import { LedgerJobs, Queues, ScheduledJobs } from './queues';

export type QueueName = (typeof Queues)[keyof typeof Queues];
export type LedgerJobName = (typeof LedgerJobs)[keyof typeof LedgerJobs];
export type ScheduledJobName = (typeof ScheduledJobs)[keyof typeof ScheduledJobs];

/** The job names each queue may carry: a handler can only name one of them. */
interface JobNames {
  [Queues.ledger]: LedgerJobName;
  [Queues.schedules]: ScheduledJobName;
}

/** Every job the game declares, by queue: the worker starts only with one handler for each. */
const DECLARED_JOBS: { [Q in QueueName]: readonly JobNames[Q][] } = {
  [Queues.ledger]: Object.values(LedgerJobs),
  [Queues.schedules]: Object.values(ScheduledJobs),
};

/**
 * A job handler is given the job's data, and whether this is the job's last attempt (a ledger job
 * then settles what it was waiting for instead of asking to be retried).
 */
type JobHandlerMethod = (data: never, lastAttempt: boolean) => Promise<unknown>;

/** When a scheduled job runs; from the config when an operator may tune it. */
export type JobRepeat = RepeatOptions | ((config: AppConfig) => RepeatOptions);

/** Every day at 08:00 in Manila, when the game day (the citadel's, the daily limits', the seasons') turns. */
export const EVERY_GAME_DAY: RepeatOptions = { pattern: `0 ${GAME_DAY_RESET_HOUR} * * *`, tz: GAME_TIME_ZONE };

interface JobDeclaration {
  queue: QueueName;
  name: string;
  /** The job is made by a job scheduler of its own name, upserted by the worker. */
  repeat?: JobRepeat;
  /** Also run once when the worker starts: what fell due while no worker ran is caught up. */
  runAtStart?: boolean;
}

const JOB_DECLARATIONS = Symbol('runik:job-handlers');

function declare(declaration: JobDeclaration) {
  return <M extends JobHandlerMethod>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    const method = descriptor.value as object;
    const declared: JobDeclaration[] = Reflect.getMetadata(JOB_DECLARATIONS, method) ?? [];
    // Decorators apply bottom up: prepended, the declarations keep the order they are written in.
    Reflect.defineMetadata(JOB_DECLARATIONS, [declaration, ...declared], method);
  };
}

/** This method handles the jobs of that name in that queue (the worker finds it; nothing else lists it). */
export function JobHandler<Q extends QueueName>(queue: Q, name: JobNames[Q]) {
  return declare({ queue, name });
}

/** This method runs on a schedule: the worker keeps a job scheduler of that name in the schedules queue. */
export function ScheduledJob(name: ScheduledJobName, repeat: JobRepeat, options: { runAtStart?: boolean } = {}) {
  return declare({ queue: Queues.schedules, name, repeat, ...options });
}

interface RegisteredJob extends JobDeclaration {
  /** `Class.method`, for messages. */
  handler: string;
  method: JobHandlerMethod;
  run(data: unknown, lastAttempt: boolean): Promise<unknown>;
}

/** Which job states count as work still to be done; a paused queue keeps its jobs in the waiting list. */
const PENDING_STATES = ['waiting', 'delayed', 'prioritized'] as const;
const PAGE = 500;

/**
 * Every `@JobHandler` and `@ScheduledJob` of the application's providers, found at start. Two
 * handlers of one job name stop the start; a job nobody handles fails for good.
 */
@Injectable()
export class JobHandlers implements OnModuleInit {
  private readonly jobs = new Map<string, RegisteredJob>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!wrapper.isDependencyTreeStatic() || !instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, JobHandlerMethod>;
      for (const key of this.scanner.getAllMethodNames(prototype)) {
        const method = prototype[key];
        const declarations: JobDeclaration[] = Reflect.getMetadata(JOB_DECLARATIONS, method) ?? [];
        for (const declaration of declarations) {
          this.register({
            ...declaration,
            handler: `${instance.constructor.name}.${key}`,
            method,
            run: (data, lastAttempt) => method.call(instance, data as never, lastAttempt),
          });
        }
      }
    }
  }

  private register(job: RegisteredJob): void {
    const key = jobKey(job.queue, job.name);
    const existing = this.jobs.get(key);
    // One provider class listed by two modules is one handler found twice.
    if (existing?.method === job.method) return;
    if (existing) throw new StartupError(`The ${job.queue} job "${job.name}" has two handlers: ${existing.handler} and ${job.handler}`);
    this.jobs.set(key, job);
  }

  /** Runs a job with its handler; a job of a name nobody handles fails at once, never retried. */
  async run(queue: QueueName, job: Job): Promise<unknown> {
    const registered = this.jobs.get(jobKey(queue, job.name));
    if (!registered) throw new UnrecoverableError(`Unknown ${queue} job: ${job.name}`);
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return registered.run(job.data, lastAttempt);
  }

  /**
   * Every job scheduler to keep in the schedules queue: its name and when it runs, on the game clock
   * `gameClockOffsetMs` ahead of the machine's (a daily pattern fires at the game's hours: onGameClock).
   */
  schedulers(config: AppConfig, gameClockOffsetMs = 0): [string, RepeatOptions][] {
    return [...this.jobs.values()]
      .filter((job): job is RegisteredJob & { repeat: JobRepeat } => job.repeat !== undefined)
      .map((job) => [job.name, onGameClock(typeof job.repeat === 'function' ? job.repeat(config) : job.repeat, gameClockOffsetMs)]);
  }

  /**
   * Runs every scheduled handler once (one handler of several schedules, the throne war's, once), in the
   * order they were found: the game clock moved forward, and what fell due in the skipped time is brought up
   * to the new now, once. Each handler's failure is reported and does not stop the others (their own
   * schedules try again). Returns the names of the jobs run.
   */
  async runScheduledOnce(onFailure: (name: string, error: Error) => void): Promise<string[]> {
    const run = new Set<JobHandlerMethod>();
    const names: string[] = [];
    for (const job of this.jobs.values()) {
      if (job.repeat === undefined || run.has(job.method)) continue;
      run.add(job.method);
      names.push(job.name);
      await job.run({}, false).catch((error: Error) => onFailure(job.name, error));
    }
    return names;
  }

  /**
   * Refuses to start when a declared job has no handler (its feature's jobs module left out of the
   * worker's imports: its jobs would fail and its scheduler would never be made) or a handler names a
   * job nobody declared. The decorators' types refuse the second already; this also covers `as` casts.
   */
  refuseMissingHandlers(declared: { [Q in QueueName]: readonly string[] } = DECLARED_JOBS): void {
    const problems: string[] = [];
    for (const queue of Object.values(Queues)) {
      for (const name of declared[queue]) {
        if (!this.jobs.has(jobKey(queue, name))) problems.push(`no handler for the ${queue} job "${name}"`);
      }
    }
    for (const job of this.jobs.values()) {
      if (!declared[job.queue].includes(job.name))
        problems.push(`${job.handler} handles the ${job.queue} job "${job.name}", which queues.ts does not declare`);
    }
    if (problems.length > 0) {
      throw new StartupError(
        `The worker's wiring is incomplete: ${problems.join('; ')} (is every feature's jobs module in apps/worker/src/worker.module.ts?)`,
      );
    }
  }

  /** Runs once each handler that asked to catch up at the worker's start, in the order they were found. */
  async runAtStart(): Promise<void> {
    for (const job of this.jobs.values()) if (job.runAtStart) await job.run({}, false);
  }

  /**
   * Refuses to start while a queue holds jobs still to run, or a job scheduler, of a name this
   * worker has no handler for: they would only fail, one by one. Finished jobs do not count.
   */
  async refuseUnhandled(queues: Queue[]): Promise<void> {
    const problems: string[] = [];
    for (const queue of queues) {
      const unhandled = new Map<string, { jobs: number; scheduler: boolean }>();
      const note = (name: string, job: boolean) => {
        if (this.jobs.has(jobKey(queue.name, name))) return;
        const entry = unhandled.get(name) ?? { jobs: 0, scheduler: false };
        unhandled.set(name, job ? { ...entry, jobs: entry.jobs + 1 } : { ...entry, scheduler: true });
      };
      for (const name of await pendingJobNames(queue)) note(name, true);
      for (const scheduler of await queue.getJobSchedulers()) note(scheduler.name, false);
      for (const [name, { jobs, scheduler }] of unhandled) {
        const what = [jobs > 0 ? `${jobs} job${jobs === 1 ? '' : 's'}` : '', scheduler ? 'its job scheduler' : '']
          .filter(Boolean)
          .join(' and ');
        problems.push(`"${name}" in the ${queue.name} queue (${what})`);
      }
    }
    if (problems.length > 0) {
      throw new StartupError(
        `The worker has no handler for ${problems.join(', ')}: deploy a worker that handles them, or remove them, then start again`,
      );
    }
  }
}

function jobKey(queue: string, name: string): string {
  return `${queue}:${name}`;
}

async function pendingJobNames(queue: Queue): Promise<string[]> {
  const names: string[] = [];
  for (let start = 0; ; start += PAGE) {
    // Each state is read from `start` on: a page is empty only once every state is read.
    const jobs = await queue.getJobs([...PENDING_STATES], start, start + PAGE - 1, true);
    if (jobs.length === 0) return names;
    names.push(...jobs.map((job) => job.name));
  }
}

/** The job handler registry, for the worker (the api enqueues and handles nothing). */
@Module({ imports: [DiscoveryModule], providers: [JobHandlers], exports: [JobHandlers] })
export class JobHandlersModule {}
