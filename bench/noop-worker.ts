/**
 * The baseline of the deposit confirmations in `npm run bench`: a BullMQ Worker whose processor does
 * nothing, with the settings of the worker's ledger processor (BENCH_WORKER_OPTIONS, JSON:
 * concurrency, lock duration, stalled-job check, metrics), on queue BENCH_QUEUE under BENCH_PREFIX
 * in the same Redis (REDIS_URL), as its own process like the real worker. Stops on SIGTERM.
 */
import { Worker } from 'bullmq';

const worker = new Worker(process.env.BENCH_QUEUE ?? 'bench-noop', async () => undefined, {
  ...(JSON.parse(process.env.BENCH_WORKER_OPTIONS ?? '{}') as Record<string, unknown>),
  connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
  prefix: process.env.BENCH_PREFIX,
});
worker.on('error', (error) => console.error(error));
void worker.waitUntilReady().then(() => console.log('noop worker started'));
process.once('SIGTERM', () => void worker.close().then(() => process.exit(0)));
