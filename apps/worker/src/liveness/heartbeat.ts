import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_CONFIG } from '@runik/server';
import type { AppConfig } from '@runik/server';

/** The worker's loops that must keep coming round; each has a file in WORKER_HEARTBEAT_DIR. */
export type Beat = 'chain-follow' | 'pending-work-sweep';
const BEATS: readonly Beat[] = ['chain-follow', 'pending-work-sweep'];

/**
 * The worker's liveness signal: each loop stamps its file (the worker's pid, for the check to kill)
 * when it comes round, whether its work succeeded or failed (an outage is not a reason to restart),
 * and `liveness-check.mjs`, the container's health check, fails once a file is older than its limit.
 * A frozen or wedged loop stops stamping; a process with no HTTP server needs nothing else to be
 * watched. Off when WORKER_HEARTBEAT_DIR is unset (development).
 */
@Injectable()
export class Heartbeat implements OnModuleInit {
  private readonly logger = new Logger(Heartbeat.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Every loop's file from the start, so a loop stuck before its first round goes stale too. */
  async onModuleInit(): Promise<void> {
    const dir = this.config.WORKER_HEARTBEAT_DIR;
    if (dir === undefined) return;
    await mkdir(dir, { recursive: true });
    await Promise.all(BEATS.map((beat) => this.beat(beat)));
  }

  async beat(beat: Beat): Promise<void> {
    const dir = this.config.WORKER_HEARTBEAT_DIR;
    if (dir === undefined) return;
    try {
      await writeFile(join(dir, beat), String(process.pid));
    } catch (error) {
      this.logger.warn(`Cannot write the ${beat} heartbeat: ${(error as Error).message}`);
    }
  }
}
