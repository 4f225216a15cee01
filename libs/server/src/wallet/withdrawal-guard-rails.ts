import { InjectQueue } from '@nestjs/bullmq';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { capRemaining, COVERAGE_FLOOR_DECIMALS, coverageAllows, formatAmount, formatCountdown, formatRunik, fromThousandths, gameDay } from '@runik/rules';
import type { CoverageFigures } from '@runik/rules';
import { ErrorMessages, WalletMessages } from '@runik/contract';
import type { QueuedWithdrawal, WithdrawLimits } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ApiError } from '../core/errors/api-error';
import { ScheduledJob } from '../core/queues/job-handlers';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues, ScheduledJobs } from '../core/queues/queues';
import { TreasuryService } from './treasury.service';

/** pg_advisory_xact_lock key ('wdrw'): every withdrawal's caps and place in line, and each release, are decided one at a time. */
const WITHDRAWALS_LOCK = 0x77647277;

/** A daily cap and what is left of it in the current game day, in thousandths; null when none is set. */
type CapToday = { cap: number; remaining: number } | null;

interface CapsToday {
  account: CapToday;
  game: CapToday;
  resetsAt: Date;
  resetsInMs: number;
}

/**
 * The operators' guard rails on withdrawals (docs/decisions.md): daily caps per account and for the
 * whole game, and the coverage floor under which withdrawals wait in line, debited, in PostgreSQL
 * (status `queued`), to be let go oldest first by the worker once the game account's RNK covers them.
 */
@Injectable()
export class WithdrawalGuardRails {
  private readonly logger = new Logger(WithdrawalGuardRails.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(Queues.ledger) private readonly ledgerQueue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly treasury: TreasuryService,
    private readonly clock: Clock,
  ) {}

  /**
   * The game account's RNK when a coverage floor is set, read before the withdrawal's transaction so
   * that no lock is held across a call to the chain; 503 when Hive Engine cannot be reached.
   */
  async treasuryForFloor(): Promise<number | null> {
    if (this.config.WITHDRAWAL_COVERAGE_FLOOR === undefined) return null;
    return this.treasury.gameAccountRnk().catch(() => {
      throw ApiError.unavailable(ErrorMessages.chainUnavailable);
    });
  }

  /**
   * Inside the withdrawal's transaction, before the debit: takes the withdrawals' lock (so concurrent
   * withdrawals cannot overshoot a cap together) and refuses an amount over either cap with 429, the
   * cap and the time until it resets.
   */
  async checkCaps(manager: EntityManager, playerId: number, amount: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [WITHDRAWALS_LOCK]);
    const caps = await this.capsToday(manager, playerId);
    const countdown = formatCountdown(caps.resetsInMs);
    const extra = { resetsAt: caps.resetsAt.toISOString(), resetsInMs: caps.resetsInMs };
    const { account, game } = caps;
    if (account && amount > account.remaining) {
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, WalletMessages.accountCapReached(formatRunik(account.cap), formatRunik(account.remaining), countdown), extra);
    }
    if (game && amount > game.remaining) {
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, WalletMessages.gameCapReached(formatRunik(game.cap), formatRunik(game.remaining), countdown), extra);
    }
  }

  /**
   * Whether a withdrawal (after checkCaps, same transaction, before its debit) is sent now or waits:
   * it waits behind any withdrawal already waiting, so the line keeps its order, and when the RNK
   * left after it would cover less than the floor times what is owed after it.
   */
  async placeInLine(manager: EntityManager, amount: number, treasuryRnk: number | null): Promise<'pending' | 'queued'> {
    const [{ waiting }]: { waiting: boolean }[] = await manager.query(`SELECT EXISTS (SELECT 1 FROM withdrawals WHERE status = 'queued') AS waiting`);
    const floor = this.config.WITHDRAWAL_COVERAGE_FLOOR;
    if (waiting) return 'queued';
    if (floor === undefined || treasuryRnk === null) return 'pending';
    return coverageAllows(await this.coverageFigures(manager, treasuryRnk), amount, floor) ? 'pending' : 'queued';
  }

  /**
   * Worker: lets queued withdrawals go, oldest first, each while the game account's RNK covers it
   * after the ones let go before it; stops at the first it does not cover (no younger one jumps the
   * line). A released row is `pending` in the same commit, so a crash before its job is enqueued
   * leaves it to the pending-work sweeper. Rejects when Hive Engine cannot be reached (tried again on
   * the next tick).
   */
  @ScheduledJob(ScheduledJobs.withdrawalQueueRelease, (config) => ({ every: config.WITHDRAWAL_QUEUE_CHECK_MS }))
  async releaseQueued(): Promise<number> {
    const [{ waiting }]: { waiting: boolean }[] = await this.dataSource.query(`SELECT EXISTS (SELECT 1 FROM withdrawals WHERE status = 'queued') AS waiting`);
    if (!waiting) return 0;
    const floor = this.config.WITHDRAWAL_COVERAGE_FLOOR;
    const treasuryRnk = floor === undefined ? null : await this.treasury.gameAccountRnk();
    const released = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [WITHDRAWALS_LOCK]);
      const line: { id: string; amount_thousandths: string }[] = await manager.query(
        `SELECT id, amount_thousandths FROM withdrawals WHERE status = 'queued' ORDER BY id`,
      );
      const check = floor === undefined || treasuryRnk === null ? null : { floor, figures: await this.coverageFigures(manager, treasuryRnk) };
      const ids: number[] = [];
      for (const row of line) {
        const amount = Number(row.amount_thousandths);
        if (check) {
          if (!coverageAllows(check.figures, amount, check.floor)) break;
          check.figures.committed += amount;
          check.figures.owed -= amount;
        }
        ids.push(Number(row.id));
      }
      if (ids.length > 0) {
        await manager.query(`UPDATE withdrawals SET status = 'pending', updated_at = $2 WHERE id = ANY($1) AND status = 'queued'`, [ids, this.clock.now()]);
      }
      return ids;
    });
    for (const id of released) await enqueue(this.ledgerQueue, ledgerJobs.withdrawal(id, this.config));
    if (released.length > 0) this.logger.log(`Released queued withdrawal(s) ${released.map((id) => `#${id}`).join(', ')}`);
    return released.length;
  }

  /** The caps' figures for the withdraw status. */
  async limitsOf(manager: EntityManager, playerId: number): Promise<WithdrawLimits> {
    const { account, game, resetsAt, resetsInMs } = await this.capsToday(manager, playerId);
    const runik = (thousandths: number | undefined) => (thousandths === undefined ? null : fromThousandths(thousandths));
    return {
      accountCap: runik(account?.cap),
      accountRemaining: runik(account?.remaining),
      gameCap: runik(game?.cap),
      gameRemaining: runik(game?.remaining),
      resetsAt: resetsAt.toISOString(),
      resetsInMs,
    };
  }

  /** The player's withdrawals waiting in line, oldest first, each with its place among everyone's. */
  async queuedOf(manager: EntityManager, playerId: number): Promise<QueuedWithdrawal[]> {
    const rows: { id: string; amount_thousandths: string; created_at: Date; position: number }[] = await manager.query(
      `SELECT w.id, w.amount_thousandths, w.created_at,
              (SELECT count(*) FROM withdrawals q WHERE q.status = 'queued' AND q.id <= w.id)::int AS position
         FROM withdrawals w WHERE w.player_id = $1 AND w.status = 'queued' ORDER BY w.id`,
      [playerId],
    );
    return rows.map((row) => ({
      withdrawalId: Number(row.id),
      amount: fromThousandths(Number(row.amount_thousandths)),
      position: row.position,
      queuedAt: row.created_at.toISOString(),
    }));
  }

  /** Why withdrawals wait: the floor, as a percentage; without one (an operator lifted it) they are on their way out. */
  queueReason(): string {
    const floor = this.config.WITHDRAWAL_COVERAGE_FLOOR;
    if (floor === undefined) return WalletMessages.queueReleasing;
    // Ten-thousandths to a percentage with up to 2 decimals, without trailing zeros.
    return WalletMessages.queued(formatAmount(floor, { decimals: COVERAGE_FLOOR_DECIMALS - 2, trimZeros: true }));
  }

  /** What this account and all accounts withdrew in the current game day (refunded withdrawals aside), against the caps. */
  private async capsToday(manager: EntityManager, playerId: number): Promise<CapsToday> {
    const now = this.clock.nowMs();
    const day = gameDay(now);
    const [used]: { account: string; game: string }[] = await manager.query(
      `SELECT coalesce(sum(amount_thousandths) FILTER (WHERE player_id = $1), 0)::text AS account, coalesce(sum(amount_thousandths), 0)::text AS game
         FROM withdrawals WHERE created_at >= $2 AND status <> 'refunded'`,
      [playerId, day.start],
    );
    const capToday = (cap: number | undefined, usedToday: number): CapToday => (cap === undefined ? null : { cap, remaining: capRemaining(cap, usedToday) });
    return {
      account: capToday(this.config.WITHDRAWAL_DAILY_CAP_PER_ACCOUNT, Number(used.account)),
      game: capToday(this.config.WITHDRAWAL_DAILY_CAP_GAME, Number(used.game)),
      resetsAt: day.end,
      resetsInMs: day.end.getTime() - now,
    };
  }

  /**
   * The coverage check's figures: RUNIK paid players hold (what they may withdraw) plus the queued
   * withdrawals (debited, still owed to them), and the withdrawals let through but not yet confirmed
   * (their RNK is spoken for; one Hive Engine already moved is counted twice until the worker
   * confirms it, which errs on the side of waiting).
   */
  private async coverageFigures(manager: EntityManager, treasuryRnk: number): Promise<CoverageFigures> {
    const [row]: { held: string; queued: string; committed: string }[] = await manager.query(
      `SELECT (SELECT coalesce(sum(b.amount), 0) FROM balances b JOIN ledger_accounts a ON a.id = b.account_id JOIN players p ON p.id = a.player_id
                WHERE b.asset = 'runik' AND p.activation = 'paid')::text AS held,
              coalesce(sum(amount_thousandths) FILTER (WHERE status = 'queued'), 0)::text AS queued,
              coalesce(sum(amount_thousandths) FILTER (WHERE status IN ('pending', 'sent')), 0)::text AS committed
         FROM withdrawals WHERE status IN ('queued', 'pending', 'sent')`,
    );
    return { treasuryRnk, committed: Number(row.committed), owed: Number(row.held) + Number(row.queued) };
  }
}
