import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The one source of "now" for every service: time rules read it here, never from Date directly.
 *
 * The game's time is the machine's plus an offset that only grows: 0 in production; in development and
 * tests an operator may move it forward (`POST /api/admin/clock`, the `game-clock` feature, which keeps
 * every process's offset in step with the one stored in PostgreSQL). The chain's time never moves:
 * an instant the chain gave (a transaction's expiration) is compared with `machineNowMs`.
 */
@Injectable()
export class Clock {
  private offset = 0;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.offset;
  }

  /** The machine's time, for instants the chain gave (hive-sim's clock does not move with the game's). */
  machineNowMs(): number {
    return Date.now();
  }

  /** How far the game's time is ahead of the machine's, ms. */
  offsetMs(): number {
    return this.offset;
  }

  /** Sets the game's offset (the stored one, read by `game-clock`); never moves it back. Returns whether it moved. */
  moveTo(offsetMs: number): boolean {
    if (!Number.isSafeInteger(offsetMs) || offsetMs <= this.offset) return false;
    this.offset = offsetMs;
    return true;
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
