// Node's own: swap-hive's sleep would load BullMQ into every file that waits.
import { setTimeout as sleep } from 'node:timers/promises';

/** Reads until `done` holds or the time is up, then returns the last value read (for the test to assert on). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
}
