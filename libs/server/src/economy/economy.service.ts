import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ErrorMessages, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import type { EconomyDay, EconomyResponse, SystemAccountCode } from '@runik/contract';
import { fromThousandths } from '@runik/rules';
import { Clock } from '../core/clock/clock';
import { ApiError } from '../core/errors/api-error';
import type { SystemAccount } from '../ledger/ledger.types';
import { TreasuryService } from '../wallet/treasury.service';

/** The contract's list is the ledger's system accounts, no more, no less (a compile error otherwise). */
const SAME_ACCOUNTS: [Exclude<SystemAccount, SystemAccountCode>, Exclude<SystemAccountCode, SystemAccount>] extends [never, never] ? true : never = true;
void SAME_ACCOUNTS;

const DAY_MS = 86_400_000;
const CHAIN: SystemAccountCode = 'external:hive-engine';

/** Who holds RUNIK, in thousandths: players who may withdraw, the others, and each system account. */
export interface Holdings {
  paid: number;
  /** Debited for withdrawals the chain has not confirmed yet: owed in RNK as much as `paid`. */
  withdrawing: number;
  free: number;
  system: Record<SystemAccountCode, number>;
}

/** One day's flows in thousandths, before conversion at the HTTP boundary. */
type DayTotals = Omit<EconomyDay, 'date'>;

/** A day, system account and reason: what the account gained and what it lost. */
interface FlowRow {
  date: string;
  code: SystemAccountCode;
  reason: string;
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
    private readonly clock: Clock,
  ) {}

  /** The report of GET /api/admin/economy; 503 (the chain's usual error) when Hive Engine cannot be reached. */
  async report(days: number): Promise<EconomyResponse> {
    const treasury = this.treasury.gameAccountRnk().catch(() => {
      throw ApiError.unavailable(ErrorMessages.chainUnavailable);
    });
    // Holdings and flows from one snapshot, so that they agree with each other.
    const ledger = this.dataSource.transaction('REPEATABLE READ', async (manager) => ({
      holdings: await this.holdings(manager),
      days: await this.days(manager, days),
    }));
    // Both settle before either error is thrown, so neither is left unhandled.
    const [held, read] = await Promise.allSettled([treasury, ledger]);
    if (read.status === 'rejected') throw read.reason;
    if (held.status === 'rejected') throw held.reason;
    const { holdings } = read.value;
    return {
      liabilityRunik: fromThousandths(holdings.paid),
      withdrawingRunik: fromThousandths(holdings.withdrawing),
      freeRunik: fromThousandths(holdings.free),
      systemRunik: mapValues(holdings.system, fromThousandths),
      treasuryRnk: fromThousandths(held.value),
      coverage: coverage(held.value, owed(holdings)),
      days: read.value.days,
    };
  }

  /** Who holds RUNIK now (the Prometheus gauges), in one snapshot. */
  currentHoldings(): Promise<Holdings> {
    return this.dataSource.transaction('REPEATABLE READ', (manager) => this.holdings(manager));
  }

  private async holdings(manager: EntityManager): Promise<Holdings> {
    const rows: { holder: string; total: string }[] = await manager.query(
      `SELECT CASE WHEN a.player_id IS NULL THEN a.code WHEN p.activation = 'paid' THEN 'paid' ELSE 'free' END AS holder,
              sum(b.amount)::text AS total
         FROM balances b JOIN ledger_accounts a ON a.id = b.account_id LEFT JOIN players p ON p.id = a.player_id
        WHERE b.asset = 'runik'
        GROUP BY 1`,
    );
    const total = new Map(rows.map((row) => [row.holder, Number(row.total)]));
    const [{ withdrawing }]: { withdrawing: string }[] = await manager.query(
      `SELECT coalesce(sum(amount_thousandths), 0)::text AS withdrawing FROM withdrawals WHERE status IN ('queued', 'pending', 'sent')`,
    );
    return {
      paid: total.get('paid') ?? 0,
      withdrawing: Number(withdrawing),
      free: total.get('free') ?? 0,
      system: Object.fromEntries(SYSTEM_ACCOUNT_CODES.map((code) => [code, total.get(code) ?? 0])) as Record<SystemAccountCode, number>,
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
       SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, a.code, e.reason,
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
      byDate.set(date, { minted: 0, burned: 0, fees: 0, tax: 0, deposits: 0, withdrawals: 0, mintedByReason: {}, burnedByReason: {} });
    }
    for (const row of rows) {
      const day = byDate.get(row.date);
      if (!day) continue;
      const credited = Number(row.credited ?? 0);
      const debited = Number(row.debited ?? 0);
      if (row.code === 'system:mint' && debited > 0) {
        day.minted += debited;
        day.mintedByReason[row.reason] = (day.mintedByReason[row.reason] ?? 0) + debited;
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
      fees: fromThousandths(day.fees),
      tax: fromThousandths(day.tax),
      deposits: fromThousandths(day.deposits),
      withdrawals: fromThousandths(day.withdrawals),
      mintedByReason: mapValues(day.mintedByReason, fromThousandths),
      burnedByReason: mapValues(day.burnedByReason, fromThousandths),
    }));
  }
}

/** What the game account holds against what the paid players may withdraw; null when they hold nothing. */
/** All the game owes in RNK: what paid players hold and what they are being sent. */
export function owed(holdings: Holdings): number {
  return holdings.paid + holdings.withdrawing;
}

export function coverage(treasuryThousandths: number, liabilityThousandths: number): number | null {
  return liabilityThousandths > 0 ? treasuryThousandths / liabilityThousandths : null;
}

function mapValues<K extends string, V, W>(record: Record<K, V>, map: (value: V) => W): Record<K, W> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value as V)])) as Record<K, W>;
}
