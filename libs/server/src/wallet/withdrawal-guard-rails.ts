import { InjectQueue } from '@nestjs/bullmq';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { sql } from 'kysely';
import {
  capRemaining,
  COVERAGE_FLOOR_DECIMALS,
  formatAmount,
  formatCountdown,
  formatRunik,
  fromThousandths,
  gameDay,
  owedOf,
  releasableOfLine,
  withdrawalPlace,
} from '@runik/rules';
import type { CoverageFigures } from '@runik/rules';
import { ErrorMessages, WalletMessages } from '@runik/contract';
import type { QueuedWithdrawal, WithdrawLimits } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ApiError } from '../core/errors/api-error';
import { ScheduledJob } from '../core/queues/job-handlers';
import { readLiabilities } from '../emission/liabilities';
import { enqueue, ledgerJobs } from '../core/queues/ledger-jobs';
import { Queues, ScheduledJobs } from '../core/queues/queues';
import { TreasuryService } from './treasury.service';
import { retryingTransaction } from '../core/database/transaction';
import { db, firstRow, rows } from '../core/database/sql';

/** pg_advisory_xact_lock key ('wdrw'): every withdrawal's caps and place in line, and each release, are decided one at a time. */
const WITHDRAWALS_LOCK = 0x77647277;

/** Takes the withdrawals' lock until the transaction ends. */
async function lockWithdrawals(manager: EntityManager): Promise<void> {
  await rows(manager, sql`SELECT pg_advisory_xact_lock(${WITHDRAWALS_LOCK})`.compile(db));
}

/** Whether any withdrawal waits in line. */
async function anyQueued(manager: EntityManager): Promise<boolean> {
  const [{ waiting }] = await rows(
    manager,
    db.selectNoFrom((eb) =>
      eb
        .exists(eb.selectFrom('withdrawals').select('id').where('status', '=', 'queued'))
        .$castTo<boolean>()
        .as('waiting'),
    ),
  );
  return waiting;
}

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
      throw ApiError.unavailable(ErrorMessages.engineUnavailable);
    });
  }

  /**
   * Inside the withdrawal's transaction, before the debit: takes the withdrawals' lock (so concurrent
   * withdrawals cannot overshoot a cap together) and refuses an amount over the account's cap with
   * 429, the cap and the time until it resets. The game-wide cap never refuses: a withdrawal over
   * what it leaves today waits in line (placeInLine).
   */
  async checkCaps(manager: EntityManager, playerId: number, amount: number): Promise<void> {
    await lockWithdrawals(manager);
    const { account, resetsAt, resetsInMs } = await this.capsToday(manager, playerId);
    if (account && amount > account.remaining) {
      throw new ApiError(
        HttpStatus.TOO_MANY_REQUESTS,
        WalletMessages.accountCapReached(formatRunik(account.cap), formatRunik(account.remaining), formatCountdown(resetsInMs)),
        { resetsAt: resetsAt.toISOString(), resetsInMs },
      );
    }
  }

  /**
   * Whether a withdrawal (after checkCaps, same transaction, before its debit) is sent now or waits:
   * it waits behind any withdrawal already waiting, so the line keeps its order; when the game's cap
   * has less left today than the amount; and when the RNK left after it would cover less than the
   * floor times what is owed after it.
   */
  async placeInLine(manager: EntityManager, playerId: number, amount: number, treasuryRnk: number | null): Promise<'pending' | 'queued'> {
    const waiting = await anyQueued(manager);
    const { game } = await this.capsToday(manager, playerId);
    const floor = this.config.WITHDRAWAL_COVERAGE_FLOOR;
    const coverage =
      waiting || floor === undefined || treasuryRnk === null ? null : { floor, figures: await this.coverageFigures(manager, treasuryRnk) };
    return withdrawalPlace(amount, waiting, { gameLeft: game?.remaining ?? Number.POSITIVE_INFINITY, coverage });
  }

  /**
   * Worker: lets queued withdrawals go, oldest first, each while the game's daily cap has room for it
   * today and the game account's RNK covers it after the ones let go before it; stops at the first
   * that does not fit (no younger one jumps the line). A released row is `pending` in the same
   * commit, so a crash before its job is enqueued leaves it to the pending-work sweeper. Rejects when
   * Hive Engine cannot be reached (tried again on the next tick).
   */
  @ScheduledJob(ScheduledJobs.withdrawalQueueRelease, (config) => ({ every: config.WITHDRAWAL_QUEUE_CHECK_MS }))
  async releaseQueued(): Promise<number> {
    if (!(await anyQueued(this.dataSource.manager))) return 0;
    const floor = this.config.WITHDRAWAL_COVERAGE_FLOOR;
    const treasuryRnk = floor === undefined ? null : await this.treasury.gameAccountRnk();
    const released = await retryingTransaction(this.dataSource, async (manager) => {
      await lockWithdrawals(manager);
      const line = await rows(
        manager,
        db.selectFrom('withdrawals').select(['id', 'amount_thousandths']).where('status', '=', 'queued').orderBy('id'),
      );
      const coverage =
        floor === undefined || treasuryRnk === null ? null : { floor, figures: await this.coverageFigures(manager, treasuryRnk) };
      const gameLeft = (await this.capsToday(manager, null)).game?.remaining ?? Number.POSITIVE_INFINITY;
      const released = releasableOfLine(
        line.map((row) => row.amount_thousandths),
        { gameLeft, coverage },
      );
      const ids = line.slice(0, released).map((row) => row.id);
      if (ids.length > 0) {
        const now = this.clock.now();
        await rows(
          manager,
          db
            .updateTable('withdrawals')
            .set({ status: 'pending', released_at: now, updated_at: now })
            .where('id', 'in', ids)
            .where('status', '=', 'queued'),
        );
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
    const queued = await rows(
      manager,
      db
        .selectFrom('withdrawals as w')
        .select((eb) => [
          'w.id',
          'w.amount_thousandths',
          'w.created_at',
          eb
            .selectFrom('withdrawals as q')
            .select(sql<number>`count(*)::int`.as('position'))
            .where('q.status', '=', 'queued')
            .whereRef('q.id', '<=', 'w.id')
            .as('position'),
        ])
        .where('w.player_id', '=', playerId)
        .where('w.status', '=', 'queued')
        .orderBy('w.id'),
    );
    return queued.map((row) => ({
      withdrawalId: row.id,
      amount: fromThousandths(row.amount_thousandths),
      // (An aggregate answers one row, whatever it counted: never null.)
      position: row.position ?? 0,
      queuedAt: row.created_at.toISOString(),
    }));
  }

  /**
   * Why withdrawals wait: the game's daily cap when today has no room left for the first in line, else
   * the floor, as a percentage; with neither (an operator lifted them) they are on their way out.
   */
  async queueReason(manager: EntityManager): Promise<string> {
    const first = await firstRow(
      manager,
      db.selectFrom('withdrawals').select('amount_thousandths').where('status', '=', 'queued').orderBy('id').limit(1),
    );
    const { game, resetsInMs } = await this.capsToday(manager, null);
    if (game && first && first.amount_thousandths > game.remaining) {
      return WalletMessages.queuedForGameCap(formatRunik(game.cap), formatCountdown(resetsInMs));
    }
    const floor = this.config.WITHDRAWAL_COVERAGE_FLOOR;
    if (floor === undefined) return WalletMessages.queueReleasing;
    // Ten-thousandths to a percentage with up to 2 decimals, without trailing zeros.
    return WalletMessages.queued(formatAmount(floor, { decimals: COVERAGE_FLOOR_DECIMALS - 2, trimZeros: true }));
  }

  /**
   * What this account asked to withdraw in the current game day (queued included), and what all
   * accounts had let go to the chain today (a withdrawal that waited counts on the day it left);
   * refunded withdrawals aside.
   */
  private async capsToday(manager: EntityManager, playerId: number | null): Promise<CapsToday> {
    const now = this.clock.nowMs();
    const day = gameDay(now);
    // A bigint sum is numeric to PostgreSQL (a string to pg): cast back to bigint, which pg reads as a number.
    const total = sql<number>`coalesce(sum(amount_thousandths), 0)::bigint`.as('total');
    const [used] = await rows(
      manager,
      db.selectNoFrom((eb) => [
        // No account asked (the worker's release): nothing of its own used.
        (playerId === null
          ? sql<number>`0`
          : eb
              .selectFrom('withdrawals')
              .select(total)
              .where('player_id', '=', playerId)
              .where('created_at', '>=', day.start)
              .where('status', '<>', 'refunded')
        ).as('account'),
        eb.selectFrom('withdrawals').select(total).where('released_at', '>=', day.start).where('status', '<>', 'refunded').as('game'),
      ]),
    );
    // (An aggregate answers one row, whatever it summed: never null.)
    const capToday = (cap: number | undefined, usedToday: number): CapToday =>
      cap === undefined ? null : { cap, remaining: capRemaining(cap, usedToday) };
    return {
      account: capToday(this.config.WITHDRAWAL_DAILY_CAP_PER_ACCOUNT, used.account ?? 0),
      game: capToday(this.config.WITHDRAWAL_DAILY_CAP_GAME, used.game ?? 0),
      resetsAt: day.end,
      resetsInMs: day.end.getTime() - now,
    };
  }

  /**
   * The coverage check's figures (liabilities.ts): all the game owes in one step (withdrawable RUNIK,
   * free players' releasable RUNIK, the queued withdrawals), and the withdrawals let through but not
   * yet confirmed (their RNK is spoken for; one Hive Engine already moved is counted twice until the
   * worker confirms it, which errs on the side of waiting).
   */
  private async coverageFigures(manager: EntityManager, treasuryRnk: number): Promise<CoverageFigures> {
    const liabilities = await readLiabilities(manager);
    return { treasuryRnk, committed: liabilities.committed, owed: owedOf(liabilities) - liabilities.committed };
  }
}
