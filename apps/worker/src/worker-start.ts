import { InjectQueue, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { JobHandlers, Queues } from '@runik/server';
import { GameClockCatchUp } from './game-clock-catch-up';
import { LedgerQueueProcessor } from './ledger-queue.processor';
import { SchedulesProcessor } from './schedules.processor';

/**
 * The worker's start, in order, before any job is taken (the processors are created with autorun
 * off): refuse to start when a declared job has no handler or the queues hold jobs no handler takes
 * (main.ts then exits 1), put the
 * job schedulers in place, catch up what fell due while no worker ran (and what a move of the game clock
 * skipped, if no worker caught up on it), then start the processors.
 */
@Injectable()
export class WorkerStart implements OnApplicationBootstrap {
  private readonly logger = new Logger(WorkerStart.name);

  constructor(
    private readonly handlers: JobHandlers,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    @InjectQueue(Queues.schedules) private readonly schedulesQueue: Queue,
    private readonly ledger: LedgerQueueProcessor,
    private readonly schedules: SchedulesProcessor,
    private readonly gameClock: GameClockCatchUp,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.handlers.refuseMissingHandlers();
    await this.handlers.refuseUnhandled([this.ledgerQueue, this.schedulesQueue]);
    await this.schedules.ensureSchedulers();
    await this.handlers.runAtStart();
    await this.gameClock.start();
    for (const processor of [this.ledger, this.schedules]) this.start(processor);
  }

  /** `run()` settles only when the worker closes. */
  private start(processor: WorkerHost): void {
    processor.worker
      .run()
      .catch((error: Error) => this.logger.error(`The ${processor.worker.name} queue's worker stopped: ${error.message}`));
  }
}
