import { Global, Injectable, Module } from '@nestjs/common';

/** The one source of "now" for every service: time rules read it here, never from Date directly. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  nowMs(): number {
    return Date.now();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
