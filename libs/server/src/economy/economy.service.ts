import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Inject } from '@nestjs/common';
import { ErrorMessages, isLedgerReason, ledgerReasonKind, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import type {
  EconomyDay,
  EconomyResponse,
  EmissionDayReport,
  FreeAccountsReport,
  LedgerReason,
  LedgerReasonKind,
  SystemAccountCode,
} from '@runik/contract';
import {
  ACTIVATION_RELEASE_RUNIK,
  COVERAGE_FLOOR_DECIMALS,
  emissionSlices,
  fromThousandths,
  gameDay,
  gameDayKey,
  Liabilities,
  owedOf,
} from '@runik/rules';
import { HiveEngineClient } from '../chain/hive-engine.client';
import { Clock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ApiError } from '../core/errors/api-error';
import { readLiabilities } from '../emission/liabilities';
import type { SystemAccount } from '../ledger/ledger.types';
import { TreasuryService } from '../wallet/treasury.service';

/** The contract's list is the ledger's system accounts, no more, no less (a compile error otherwise). */
const SAME_ACCOUNTS: [Exclude<SystemAccount, SystemAccountCode>, Exclude<SystemAccountCode, SystemAccount>] extends [never, never]
  ? true
  : never = true;
void SAME_ACCOUNTS;

const DAY_MS = 86_400_000;
const CHAIN: SystemAccountCode = 'external:hive-engine';
/** RUNIK spent on resources comes back when they are converted again: reported apart from the sinks. */
const RESOURCE_PURCHASE: LedgerReason = 'convert-to-resources';

/** Who holds RUNIK, in thousandths: what the game owes (liabilities.ts) and each system account. */
export interface Holdings extends Liabilities {
  system: Record<SystemAccountCode, number>;
}

/** One day's flows in thousandths, before conversion at the HTTP boundary. */
type DayTotals = Omit<EconomyDay, 'date'>;

/** A day, system account and reason: what the account gained and what it lost. */
interface FlowRow {
  date: string;
  code: SystemAccountCode;
  /** Only LedgerService.post writes entries, and it takes only listed reasons; older `reason:id` rows are read as their reason. */
  reason: LedgerReason;
  credited: string | null;
  debited: string | null;
}

/**
 * The game's economy for the operators, read from the ledger (balances and ledger_entries; nothing
 * booked for it) and the game account's RNK on Hive Engine.
 */
@Injectable()
export class EconomyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly treasury: TreasuryService,
    private readonly hiveEngine: HiveEngineClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** The report of GET /api/admin/economy; 503 with Hive Engine's message when it cannot be reached. */
  async report(days: number): Promise<EconomyResponse> {
    const chain = Promise.all([this.treasury.gameAccountRnk(), this.hiveEngine.swapHiveBalance(this.config.GAME_ACCOUNT)]).catch(() => {
      throw ApiError.unavailable(ErrorMessages.engineUnavailable);
    });
    // Holdings and flows from one snapshot, so that they agree with each other.
    const ledger = this.dataSource.transaction('REPEATABLE READ', async (manager) => ({
      holdings: await this.holdings(manager),
      days: await this.days(manager, days),
      emissionDays: await this.emissionDays(manager, days),
      swapHive: await this.swapHiveFlows(manager),
      guardRails: await this.guardRailsToday(manager),
      freeAccounts: await this.freeAccounts(manager),
    }));
    // Both settle before either error is thrown, so neither is left unhandled.
    const [held, read] = await Promise.allSettled([chain, ledger]);
    if (read.status === 'rejected') throw read.reason;
    if (held.status === 'rejected') throw held.reason;
    const [treasuryRnk, swapHiveHeld] = held.value;
    const { holdings, emissionDays, swapHive, guardRails, freeAccounts } = read.value;
    const today = gameDayKey(this.clock.nowMs());
    const owedNow = owedOf(holdings);
    return {
      liabilityRunik: fromThousandths(holdings.withdrawable),
      lockedRunik: fromThousandths(holdings.locked),
      freeRunik: fromThousandths(holdings.free),
      contingentRunik: fromThousandths(holdings.contingent),
      systemRunik: mapValues(holdings.system, fromThousandths),
      withdrawingRunik: fromThousandths(holdings.queued + holdings.committed),
      owedRunik: fromThousandths(owedNow),
      treasuryRnk: fromThousandths(treasuryRnk),
      coverage: coverage(treasuryRnk, owedNow),
      swapHiveReceived: fromThousandths(swapHive.received),
      swapHiveSentOut: fromThousandths(swapHive.sentOut),
      swapHiveHeld: fromThousandths(swapHiveHeld),
      // No row yet (nothing minted today, the worker not yet run): the minimum is what holds.
      emissionToday: emissionDays.find((day) => day.day === today) ?? {
        day: today,
        budget: fromThousandths(this.config.EMISSION_DAILY_MINIMUM),
        used: 0,
        sizedFromTreasury: false,
        treasuryRnk: null,
        owedRunik: null,
        coverage: null,
      },
      emissionDays,
      freeAccounts: { ...freeAccounts, gameOnlyRunik: fromThousandths(holdings.freeGameOnly) },
      guardRails,
      days: read.value.days,
    };
  }

  /** Who holds RUNIK now (the Prometheus gauges), in one snapshot. */
  currentHoldings(): Promise<Holdings> {
    return this.dataSource.transaction('REPEATABLE READ', (manager) => this.holdings(manager));
  }

  private async holdings(manager: EntityManager): Promise<Holdings> {
    const rows: { code: SystemAccountCode; total: string }[] = await manager.query(
      `SELECT a.code, b.amount::text AS total FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE b.asset = 'runik' AND a.player_id IS NULL`,
    );
    const total = new Map(rows.map((row) => [row.code, Number(row.total)]));
    return {
      ...(await readLiabilities(manager)),
      system: Object.fromEntries(SYSTEM_ACCOUNT_CODES.map((code) => [code, total.get(code) ?? 0])) as Record<SystemAccountCode, number>,
    };
  }

  /** The game days of the last `count` days that had an emission budget, newest first. */
  private async emissionDays(manager: EntityManager, count: number): Promise<EmissionDayReport[]> {
    const rows: {
      day: string;
      budget: string;
      used: string;
      sized_from_treasury: boolean;
      treasury_rnk: string | null;
      owed: string | null;
    }[] = await manager.query(
      `SELECT day::text AS day, budget, used, sized_from_treasury, treasury_rnk, owed FROM emission_days WHERE day > $1::date - $2::int ORDER BY day DESC`,
      [gameDayKey(this.clock.nowMs()), count],
    );
    return rows.map((row) => {
      const treasuryRnk = row.treasury_rnk === null ? null : Number(row.treasury_rnk);
      const owedThen = row.owed === null ? null : Number(row.owed);
      return {
        day: row.day,
        budget: fromThousandths(Number(row.budget)),
        used: fromThousandths(Number(row.used)),
        sizedFromTreasury: row.sized_from_treasury,
        treasuryRnk: treasuryRnk === null ? null : fromThousandths(treasuryRnk),
        owedRunik: owedThen === null ? null : fromThousandths(owedThen),
        coverage: treasuryRnk === null || owedThen === null ? null : coverage(treasuryRnk, owedThen),
      };
    });
  }

  /**
   * SWAP.HIVE in thousandths (rounded down) the game was paid (transfers credited to a registration,
   * pack or shop item), and what the game account sent out that was no refund (refunds carry the
   * refunded transfer's id; an operator's own transfer out does not).
   */
  private async swapHiveFlows(manager: EntityManager): Promise<{ received: number; sentOut: number }> {
    const [row]: { received: string; sent_out: string }[] = await manager.query(
      `SELECT floor(coalesce(sum(quantity::numeric) FILTER (WHERE status = 'credited'), 0) * 1000)::text AS received,
              floor(coalesce(sum(quantity::numeric) FILTER (WHERE status = 'outgoing' AND NOT EXISTS (
                SELECT 1 FROM chain_transfers r WHERE r.refund_transaction_id = t.transaction_id)), 0) * 1000)::text AS sent_out
         FROM chain_transfers t WHERE symbol = 'SWAP.HIVE'`,
    );
    return { received: Number(row.received), sentOut: Number(row.sent_out) };
  }

  /**
   * The free accounts' part (issue 44, item 7): what was credited to the accounts free now in the game day so far,
   * by the kind of its reason (their mints are game-only: only deposits and RUNIK paid to them add to what is
   * owed); what activations could release (each one's game-only RUNIK up to the activation release, as
   * `activationRelease` gives it, plus what activated accounts still wait for) against today's releases slice.
   */
  private async freeAccounts(manager: EntityManager): Promise<Omit<FreeAccountsReport, 'gameOnlyRunik'>> {
    const now = this.clock.nowMs();
    const credits: { reason: string; credited: string }[] = await manager.query(
      `SELECT split_part(e.reason, ':', 1) AS reason, sum(e.delta)::text AS credited
         FROM players p JOIN ledger_accounts a ON a.player_id = p.id JOIN ledger_entries e ON e.account_id = a.id
        WHERE p.activation <> 'paid' AND e.asset = 'runik' AND e.delta > 0 AND e.created_at >= $1
        GROUP BY 1`,
      [gameDay(now).start],
    );
    const byKind: Partial<Record<LedgerReasonKind, number>> = {};
    for (const { reason, credited } of credits) {
      // Only LedgerService.post writes entries, and it takes only listed reasons.
      const kind = isLedgerReason(reason) ? ledgerReasonKind(reason) : 'transfer';
      byKind[kind] = (byKind[kind] ?? 0) + Number(credited);
    }
    const [free]: { accounts: number; releasable: string; waiting: string }[] = await manager.query(
      `WITH free AS (
         SELECT GREATEST(0, LEAST(p.locked_runik, coalesce(b.amount, 0))) AS game_only
           FROM players p JOIN ledger_accounts a ON a.player_id = p.id
           LEFT JOIN balances b ON b.account_id = a.id AND b.asset = 'runik'
          WHERE p.activation <> 'paid')
       SELECT (SELECT count(*) FROM free)::int AS accounts,
              (SELECT coalesce(sum(LEAST(game_only, $1)), 0) FROM free)::text AS releasable,
              (SELECT coalesce(sum(release_waiting), 0) FROM players)::text AS waiting`,
      [ACTIVATION_RELEASE_RUNIK],
    );
    const [day]: { budget: string; total_weight: string; releases_used: string }[] = await manager.query(
      `SELECT budget, total_weight, releases_used FROM emission_days WHERE day = $1::date`,
      [gameDayKey(now)],
    );
    // No row yet: the day starts with the minimum (as emissionToday says), nothing released.
    const slices = emissionSlices(day ? Number(day.budget) : this.config.EMISSION_DAILY_MINIMUM, day ? Number(day.total_weight) : 0);
    const waiting = Number(free.waiting);
    return {
      accounts: free.accounts,
      creditedTodayByKind: mapValues(byKind, fromThousandths),
      addedToOwedToday: fromThousandths((byKind['backed-mint'] ?? 0) + (byKind.transfer ?? 0)),
      releasableRunik: fromThousandths(Number(free.releasable) + waiting),
      waitingRunik: fromThousandths(waiting),
      releasesSliceToday: fromThousandths(slices.releases),
      releasedToday: fromThousandths(day ? Number(day.releases_used) : 0),
    };
  }

  /** The guard rails, what the game cap counted today and the line of queued withdrawals. */
  private async guardRailsToday(manager: EntityManager): Promise<EconomyResponse['guardRails']> {
    const [row]: { released: string; queue_length: number; queued: string }[] = await manager.query(
      `SELECT (SELECT coalesce(sum(amount_thousandths), 0) FROM withdrawals WHERE released_at >= $1 AND status <> 'refunded')::text AS released,
              (SELECT count(*) FROM withdrawals WHERE status = 'queued')::int AS queue_length,
              (SELECT coalesce(sum(amount_thousandths), 0) FROM withdrawals WHERE status = 'queued')::text AS queued`,
      [gameDay(this.clock.nowMs()).start],
    );
    const runik = (thousandths: number | undefined) => (thousandths === undefined ? null : fromThousandths(thousandths));
    const floor = this.config.WITHDRAWAL_COVERAGE_FLOOR;
    return {
      accountCap: runik(this.config.WITHDRAWAL_DAILY_CAP_PER_ACCOUNT),
      gameCap: runik(this.config.WITHDRAWAL_DAILY_CAP_GAME),
      gameUsedToday: fromThousandths(Number(row.released)),
      coverageFloor: floor === undefined ? null : floor / 10 ** COVERAGE_FLOOR_DECIMALS,
      queueLength: row.queue_length,
      queuedRunik: fromThousandths(Number(row.queued)),
    };
  }

  /**
   * The last `count` UTC days, newest first, from the system accounts' RUNIK entries:
   * - minted: system:mint's debits (it goes negative as the game creates RUNIK), by reason;
   * - burned, fees, tax: credits to system:burn (by reason), system:fees and system:tax;
   * - deposits: external:hive-engine's debits (RUNIK that came in from the chain to a player);
   * - withdrawals: external:hive-engine's credits, leaving out the withdrawals later refunded.
   * A withdrawal Hive Engine refused is given back by a `withdrawal-refund` posting (withdraw.jobs.ts)
   * that debits external:hive-engine, with the withdrawal's reference. Such a refund is not a deposit
   * (nothing came from the chain), and the refunded withdrawal never reached the chain either: both
   * are left out, so the withdrawal vanishes from the day it was asked on rather than a later day
   * showing the refund as negative withdrawals (or as a deposit). A past day's figure can so drop when
   * a refund comes, within minutes of the withdrawal in practice.
   */
  private async days(manager: EntityManager, count: number): Promise<EconomyDay[]> {
    const now = this.clock.now();
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const from = new Date(today - (count - 1) * DAY_MS);
    const until = new Date(today + DAY_MS);
    const rows: FlowRow[] = await manager.query(
      `WITH accounts AS (SELECT id, code FROM ledger_accounts WHERE code = ANY($3)),
            refunded AS (
              SELECT DISTINCT r.reference FROM ledger_entries r JOIN accounts a ON a.id = r.account_id
               WHERE a.code = $4 AND r.asset = 'runik' AND r.reason = 'withdrawal-refund' AND r.created_at >= $1 AND r.reference IS NOT NULL)
       SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, a.code, split_part(e.reason, ':', 1) AS reason,
              (sum(e.delta) FILTER (WHERE e.delta > 0))::text AS credited,
              (-sum(e.delta) FILTER (WHERE e.delta < 0))::text AS debited
         FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
        WHERE e.asset = 'runik' AND e.created_at >= $1 AND e.created_at < $2
          AND NOT (a.code = $4 AND (e.reason = 'withdrawal-refund' OR (e.delta > 0 AND EXISTS (SELECT 1 FROM refunded r WHERE r.reference = e.reference))))
        GROUP BY 1, 2, 3`,
      [from, until, ['system:mint', 'system:burn', 'system:fees', 'system:tax', CHAIN], CHAIN],
    );
    const byDate = new Map<string, DayTotals>();
    const dates = Array.from({ length: count }, (_, back) => new Date(today - back * DAY_MS).toISOString().slice(0, 10));
    for (const date of dates) {
      byDate.set(date, {
        minted: 0,
        burned: 0,
        resourcePurchases: 0,
        fees: 0,
        tax: 0,
        deposits: 0,
        withdrawals: 0,
        mintedByReason: {},
        burnedByReason: {},
      });
    }
    for (const row of rows) {
      const day = byDate.get(row.date);
      if (!day) continue;
      const credited = Number(row.credited ?? 0);
      const debited = Number(row.debited ?? 0);
      if (row.code === 'system:mint' && debited > 0) {
        day.minted += debited;
        day.mintedByReason[row.reason] = (day.mintedByReason[row.reason] ?? 0) + debited;
      } else if (row.code === 'system:burn' && row.reason === RESOURCE_PURCHASE) {
        day.resourcePurchases += credited;
      } else if (row.code === 'system:burn' && credited > 0) {
        day.burned += credited;
        day.burnedByReason[row.reason] = (day.burnedByReason[row.reason] ?? 0) + credited;
      } else if (row.code === 'system:fees') {
        day.fees += credited;
      } else if (row.code === 'system:tax') {
        day.tax += credited;
      } else if (row.code === CHAIN) {
        day.deposits += debited;
        day.withdrawals += credited;
      }
    }
    // Map keeps the insertion order: newest first.
    return [...byDate].map(([date, day]) => ({
      date,
      minted: fromThousandths(day.minted),
      burned: fromThousandths(day.burned),
      resourcePurchases: fromThousandths(day.resourcePurchases),
      fees: fromThousandths(day.fees),
      tax: fromThousandths(day.tax),
      deposits: fromThousandths(day.deposits),
      withdrawals: fromThousandths(day.withdrawals),
      mintedByReason: mapValues(day.mintedByReason, fromThousandths),
      burnedByReason: mapValues(day.burnedByReason, fromThousandths),
    }));
  }
}

/** What the game account holds against all it owes; null when it owes nothing. */
export function coverage(treasuryThousandths: number, liabilityThousandths: number): number | null {
  return liabilityThousandths > 0 ? treasuryThousandths / liabilityThousandths : null;
}

/** The same keys (those a partial record has), each value mapped. */
function mapValues<T extends Partial<Record<string, number>>>(record: T, map: (value: number) => number): { [K in keyof T]: number } {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value as number)])) as { [K in keyof T]: number };
}
