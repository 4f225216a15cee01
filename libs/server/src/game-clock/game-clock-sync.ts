import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { gameDayKey } from '@runik/rules';
import type { GameClockResponse } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { moveGameClock, readGameClock } from './game-clock-rows';

/**
 * How often each process reads the stored offset: another process's move reaches this one's clock
 * within it (the process that moved it applies it at once; the worker also reads it before every
 * scheduled job).
 */
export const GAME_CLOCK_POLL_MS = 1000;

type MoveListener = (offsetMs: number) => void;

/**
 * Keeps this process's `Clock` at the game clock's stored offset (table `game_clock`): read at start, then
 * every GAME_CLOCK_POLL_MS, and moved forward by the operators' route. Under NODE_ENV=production it reads
 * nothing and the offset stays 0: production's game time is the machine's.
 */
@Injectable()
export class GameClockSync implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(GameClockSync.name);
  private readonly listeners: MoveListener[] = [];
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  readonly enabled: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.enabled = config.NODE_ENV !== 'production';
  }

  async onModuleInit(): Promise<void> {
    if (!this.enabled) return;
    // Before any start-up work reads the time (the worker's catch-up at start runs on the game's time).
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), GAME_CLOCK_POLL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Called with the new offset each time this process's clock moves (the worker catches up on it). */
  onMove(listener: MoveListener): void {
    this.listeners.push(listener);
  }

  /** Reads the stored offset and moves this process's clock to it; returns the offset in use. */
  async refresh(): Promise<number> {
    if (!this.enabled) return this.clock.offsetMs();
    try {
      const { offsetMs } = await readGameClock(this.dataSource.manager);
      if (this.failing) this.logger.log('The game clock can be read again');
      this.failing = false;
      this.apply(offsetMs);
    } catch (error) {
      // PostgreSQL out of reach: the clock keeps its offset, and the next read tries again (said once per outage).
      if (!this.failing)
        this.logger.warn(`The game clock cannot be read, kept at +${this.clock.offsetMs()} ms: ${(error as Error).message}`);
      this.failing = true;
    }
    return this.clock.offsetMs();
  }

  /** Moves the game clock forward by `ms` for every process (development and tests only). */
  async moveForward(ms: number): Promise<number> {
    if (!this.enabled) throw new Error('The game clock does not move under NODE_ENV=production');
    const offsetMs = await moveGameClock(this.dataSource.manager, ms, new Date(this.clock.machineNowMs()));
    this.logger.warn(`Game clock moved forward by ${ms} ms: now ${new Date(Date.now() + offsetMs).toISOString()} (+${offsetMs} ms)`);
    this.apply(offsetMs);
    return offsetMs;
  }

  /** The clock as the operators' route shows it. */
  async view(): Promise<GameClockResponse> {
    const stored = await readGameClock(this.dataSource.manager);
    this.apply(stored.offsetMs);
    const now = this.clock.nowMs();
    return {
      offsetMs: this.clock.offsetMs(),
      now: new Date(now).toISOString(),
      machineNow: new Date(this.clock.machineNowMs()).toISOString(),
      gameDay: gameDayKey(now),
      caughtUp: stored.caughtUpOffsetMs >= stored.offsetMs,
    };
  }

  private apply(offsetMs: number): void {
    if (!this.clock.moveTo(offsetMs)) return;
    for (const listener of this.listeners) listener(offsetMs);
  }
}
