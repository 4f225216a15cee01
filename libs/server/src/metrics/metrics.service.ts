import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { CHAIN_TRANSFER_STATUSES } from '@runik/contract';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { followedBlock, followerMismatch } from '../chain-follower/chain-follower';
import { readPayoutBacklog } from '../chain-follower/payout-backlog';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { Queues } from '../core/queues/queues';
import { ASSETS } from '../ledger/ledger.types';
import { CHAIN_READ_LIMIT_MS, readOrNull, withLimit } from './scrape-reads';
/** The queue states reported as depths. */
const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;
/** Latency buckets in seconds: most calls take a few ms, chain lookups up to seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The api's Prometheus metrics. HTTP counts and latencies are this process's own; queue depths,
 * job outcomes and ledger totals are read from Redis and PostgreSQL at scrape time, so they are
 * the whole game's whichever replica is scraped. Job outcomes are BullMQ's own metrics, which
 * every worker records in Redis (the `metrics` option of its processors): a worker needs no
 * HTTP server of its own, and the counts survive its restarts.
 */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger(MetricsService.name);
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;

  constructor(
    @InjectQueue(Queues.ledger) ledger: Queue,
    @InjectQueue(Queues.schedules) schedules: Queue,
    @InjectDataSource() dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    hiveEngine: HiveEngineClient,
  ) {
    const queues = [ledger, schedules];
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });

    const safely = this.safely.bind(this);
    new Gauge({
      name: 'runik_queue_jobs',
      help: 'Jobs in each BullMQ queue by state, at scrape time.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        await safely('queue depths', async () => {
          for (const queue of queues) {
            const counts = await queue.getJobCounts(...QUEUE_STATES);
            for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          }
        });
      },
    });
    for (const outcome of ['failed', 'completed'] as const) {
      new Counter({
        name: `runik_queue_jobs_${outcome}_total`,
        help:
          outcome === 'failed'
            ? 'Jobs that failed for good (retries exhausted) in each queue, as BullMQ counts them in Redis.'
            : 'Jobs completed in each queue, as BullMQ counts them in Redis.',
        labelNames: ['queue'],
        registers,
        async collect() {
          this.reset();
          await safely(`${outcome} jobs`, async () => {
            for (const queue of queues) this.inc({ queue: queue.name }, (await queue.getMetrics(outcome, 0, 0)).meta.count);
          });
        },
      });
    }
    new Gauge({
      name: 'runik_ledger_balance_thousandths',
      help: 'Sum of ledger balances per asset (thousandths): each system account on its own, all players together as "players".',
      labelNames: ['account', 'asset'],
      registers,
      async collect() {
        this.reset();
        await safely('ledger totals', async () => {
          const systemAccounts: { code: string }[] = await dataSource.query(`SELECT code FROM ledger_accounts WHERE player_id IS NULL`);
          const rows: { account: string; asset: string; total: string }[] = await dataSource.query(
            `SELECT CASE WHEN a.player_id IS NULL THEN a.code ELSE 'players' END AS account, b.asset, SUM(b.amount)::text AS total
               FROM balances b JOIN ledger_accounts a ON a.id = b.account_id
              GROUP BY 1, 2`,
          );
          // Every account and asset has a series from the start, at 0 until it holds something.
          for (const account of ['players', ...systemAccounts.map((row) => row.code)]) {
            for (const asset of ASSETS) this.set({ account, asset }, 0);
          }
          for (const row of rows) this.set({ account: row.account, asset: row.asset }, Number(row.total));
        });
      },
    });
    new Gauge({
      name: 'runik_chain_transfers',
      help: 'Token transfers to or from the game account the chain follower recorded, by status (unmatched: to be refunded; refund-failed: for the operators).',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        await safely('chain transfers', async () => {
          const rows: { status: string; count: string }[] = await dataSource.query(
            `SELECT status, count(*) AS count FROM chain_transfers GROUP BY status`,
          );
          for (const status of CHAIN_TRANSFER_STATUSES) this.set({ status }, 0);
          for (const row of rows) this.set({ status: row.status }, Number(row.count));
        });
      },
    });
    // The two backlog gauges of one scrape share one reading (prom-client collects every metric at once).
    let reading: ReturnType<typeof readPayoutBacklog> | null = null;
    const backlog = () =>
      (reading ??= readPayoutBacklog(dataSource.manager, new Date(), config.REFUND_COUNT_WINDOW_MS).finally(() => (reading = null)));
    new Gauge({
      name: 'runik_payout_backlog',
      help: "What the game account still has to send: withdrawals (not those queued by the guard rails), refunds due or in flight, refunds held to their sender's daily count (refund-held).",
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset();
        await safely('payout backlog', async () => {
          const { withdrawal, refund, refundHeld } = await backlog();
          this.set({ kind: 'withdrawal' }, withdrawal.count);
          this.set({ kind: 'refund' }, refund.count);
          this.set({ kind: 'refund-held' }, refundHeld.count);
        });
      },
    });
    new Gauge({
      name: 'runik_payout_backlog_oldest_seconds',
      help: 'Age of the oldest withdrawal, or refund due or in flight, the game account still has to send; absent while none waits.',
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset();
        await safely('payout backlog age', async () => {
          const { withdrawal, refund } = await backlog();
          if (withdrawal.oldestSeconds !== null) this.set({ kind: 'withdrawal' }, withdrawal.oldestSeconds);
          if (refund.oldestSeconds !== null) this.set({ kind: 'refund' }, refund.oldestSeconds);
        });
      },
    });
    // The follower's cursor, Hive Engine's head and the gap between them (RunikChainFollowerLagging,
    // docker/prometheus/rules.yml), from one reading per scrape; a source out of reach leaves its series out.
    let position: Promise<{ followed: number | null; head: number | null }> | null = null;
    const readPosition = () =>
      (position ??= Promise.all([
        this.attempt('chain cursor', () => followedBlock(dataSource.manager)),
        this.attempt("Hive Engine's head block", () => withLimit(hiveEngine.latestBlockNumber(), CHAIN_READ_LIMIT_MS)),
      ])
        .then(([followed, head]) => ({ followed, head }))
        .finally(() => (position = null)));
    const chainGauge = (name: string, help: string, value: (read: { followed: number | null; head: number | null }) => number | null) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const current = value(await readPosition());
          if (current === null) this.remove();
          else this.set(current);
        },
      });
    new Gauge({
      name: 'runik_chain_follower_stopped',
      help: "1 while the chain follower is stopped because the chain is not the one it recorded (the node's block at its cursor differs, or the head is below it; /api/admin/health says which), else 0.",
      registers,
      async collect() {
        await safely('chain follower state', async () => this.set((await followerMismatch(dataSource.manager)) ? 1 : 0));
      },
    });
    chainGauge('runik_chain_followed_block', 'The last Hive Engine block the chain follower recorded.', ({ followed }) => followed);
    chainGauge(
      'runik_chain_head_block',
      "Hive Engine's newest block, as its first answering node reports it at scrape time.",
      ({ head }) => head,
    );
    chainGauge(
      'runik_chain_follower_lag_blocks',
      'Hive Engine blocks the chain follower has not recorded yet (head less cursor; about 3 s each).',
      ({ followed, head }) => (followed === null || head === null ? null : Math.max(0, head - followed)),
    );
  }

  /** Records one answered request; `route` is the pattern (`/api/city/:username`), never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** A collector that cannot reach its source leaves its series out of this scrape instead of failing it. */
  private async safely(what: string, collect: () => Promise<void>): Promise<void> {
    await this.attempt(what, collect);
  }

  private attempt<T>(what: string, read: () => Promise<T>): Promise<T | null> {
    return readOrNull(this.logger, what, read);
  }
}
