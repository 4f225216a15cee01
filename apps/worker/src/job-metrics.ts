import { MetricsTime, type MetricsOptions } from 'bullmq';

/**
 * BullMQ's own job metrics, kept in Redis by every worker: running totals of completed and failed
 * jobs per queue (and a week of per-minute counts). The api reads the totals when Prometheus
 * scrapes /metrics (`runik_queue_jobs_failed_total`), so the worker serves no HTTP of its own.
 */
export const JOB_METRICS: MetricsOptions = { maxDataPoints: MetricsTime.ONE_WEEK };
