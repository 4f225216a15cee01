import type { Logger } from '@nestjs/common';

/** A scrape does not wait longer than this for Hive Engine (its client retries on every node, up to CHAIN_TIMEOUT_MS each). */
export const CHAIN_READ_LIMIT_MS = 3000;

/** The promise's value, or a rejection once `ms` have passed without one. */
export function withLimit<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The value read, or null (logged) when its source is out of reach: a scrape leaves that series out instead of failing. */
export async function readOrNull<T>(logger: Logger, what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    logger.warn(`metrics: cannot collect ${what}: ${(error as Error).message}`);
    return null;
  }
}
