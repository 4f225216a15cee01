import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { claimCatchUp, GameClockSync, JobHandlers, markCaughtUp, readGameClock } from '@runik/server';
import { SchedulesProcessor } from './schedules.processor';

/**
 * When the game clock moves forward (development and tests: POST /api/admin/clock), the work that fell due in
 * the skipped time runs once, not once per skipped tick and not never: one worker takes the move on (a
 * conditional UPDATE of `game_clock`), puts the daily schedules at the game's new hours, runs every scheduled
 * handler once on the new time (they all bring their state up to now: the emission day sized, the citadel's
 * counts and the season turned, the throne war advanced and its alarms set again, queued withdrawals let go
 * under the new day's caps, old notifications and chat lines expired), then records the offset as caught up.
 * A worker that starts on a moved clock no worker caught up on (one stopped mid-way) runs it again.
 */
@Injectable()
export class GameClockCatchUp {
  private readonly logger = new Logger(GameClockCatchUp.name);
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gameClock: GameClockSync,
    private readonly handlers: JobHandlers,
    private readonly schedules: SchedulesProcessor,
  ) {}

  /** At the worker's start (WorkerStart, after the schedulers and the start's own catch-up): then on every move. */
  async start(): Promise<void> {
    if (!this.gameClock.enabled) return;
    this.gameClock.onMove(() => void this.check());
    await this.check(true);
  }

  /**
   * A move seen: caught up on by the worker that claims it; a move during a catch-up is caught up on after it.
   * At the worker's start, claimed or not (a worker that took it on may have stopped before it was done).
   */
  check(atStart = false): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let unclaimed = atStart;
      do {
        this.again = false;
        const stored = unclaimed ? await readGameClock(this.dataSource.manager) : null;
        const offsetMs = stored
          ? stored.offsetMs > stored.caughtUpOffsetMs
            ? stored.offsetMs
            : null
          : await claimCatchUp(this.dataSource.manager);
        unclaimed = false;
        if (offsetMs !== null) await this.catchUp(offsetMs);
      } while (this.again);
    })()
      .catch((error: Error) => this.logger.error(`Catching up on the game clock failed: ${error.message}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async catchUp(claimedOffsetMs: number): Promise<void> {
    // At least the claimed offset; a later move read here is caught up on too.
    const offsetMs = Math.max(claimedOffsetMs, await this.gameClock.refresh());
    this.logger.warn(`Game clock at +${offsetMs} ms: the scheduled work of the skipped time runs once`);
    await this.schedules.ensureSchedulers();
    const names = await this.handlers.runScheduledOnce((name, error) =>
      this.logger.warn(`Game clock catch-up: ${name} failed (its schedule tries again): ${error.message}`),
    );
    await markCaughtUp(this.dataSource.manager, offsetMs);
    this.logger.log(`Game clock caught up at +${offsetMs} ms: ${names.join(', ')}`);
  }
}
