import { z } from 'zod';

/** A count per key (troops, resources, building levels), each `fallback` where a row stored before the key existed lacks it. */
export function countsOf<K extends string>(keys: readonly K[], fallback = 0) {
  return z.object(Object.fromEntries(keys.map((key) => [key, z.number().default(fallback)])) as Record<K, z.ZodDefault<z.ZodNumber>>);
}
