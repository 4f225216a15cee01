import { Global, Injectable, Module } from '@nestjs/common';

/** The one source of "now" for every service, so tests can move time. */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves time forward for tests. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
