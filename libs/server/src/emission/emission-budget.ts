import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  contributionOf,
  contributionWeight,
  emissionBudget,
  EmissionLimit,
  emissionLeft,
  EmissionPolicy,
  emissionShare,
  gameDay,
  gameDayKey,
  provisionalBudget,
  RESOURCE_KEYS,
  ResourceAmounts,
  ResourceKey,
} from '@runik/rules';
import { Clock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ScheduledJob } from '../core/queues/job-handlers';
import { ScheduledJobs } from '../core/queues/queues';
import { TreasuryService } from '../wallet/treasury.service';
import { owedOf, readLiabilities } from './liabilities';
import { retryingTransaction } from '../core/database/transaction';

const DAY_MS = 86_400_000;
/** A day's row with its date as text (node-postgres would make a local-time Date of it). */
const DAY_COLUMNS = `day::text AS day, budget, used, total_weight, sized_from_treasury`;

/** A game day's budget and what was drawn from it, thousandths. */
export interface EmissionDay {
  /** The game day, yyyy-MM-dd (gameDayKey). */
  day: string;
  budget: number;
  used: number;
  /** The sum of the weights of the paid players who produced in the previous game day. */
  totalWeight: number;
  sizedFromTreasury: boolean;
}

/** What a player may still draw today, thousandths. */
export interface EmissionAllowance {
  day: EmissionDay;
  /** The player's weight in the day's shares (yesterday's contribution, at least a newcomer's). */
  weight: number;
  /** The player's share of the day's budget. */
  share: number;
  /** What the player drew today. */
  drawn: number;
  left: number;
  limitedBy: EmissionLimit;
}

/** A draw larger than what is left (a whole conversion must fit). */
export class EmissionSpentError extends Error {
  constructor(
    readonly limitedBy: EmissionLimit,
    readonly left: number,
  ) {
    super(`The emission ${limitedBy} has ${left} thousandths left`);
  }
}

interface DayRow {
  day: string;
  budget: string;
  used: string;
  total_weight: string;
  sized_from_treasury: boolean;
}

/**
 * The one daily emission budget (docs/decisions.md, "The emission budget"): everything the game mints
 * into a withdrawable balance draws from it, inside the transaction of the mint. A day's row is made
 * at its first use with a provisional budget (the minimum, within the surplus last measured) and the
 * previous day's contributions; the worker sizes it from the treasury within a minute, so no player's
 * call waits on the chain.
 */
@Injectable()
export class EmissionBudget {
  private readonly logger = new Logger(EmissionBudget.name);
  private readonly policy: EmissionPolicy;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly treasury: TreasuryService,
    private readonly clock: Clock,
  ) {
    this.policy = {
      minimum: config.EMISSION_DAILY_MINIMUM,
      ceiling: config.EMISSION_DAILY_CEILING,
      surplusSharePercent: config.EMISSION_SURPLUS_SHARE_PERCENT,
    };
  }

  /**
   * Worker, every minute and at start: sizes today's budget from the game account's RNK and all that
   * is owed, once a day; null when there was nothing to do or the treasury could not be read. Until
   * it has (Hive Engine down, or the day just began), the provisional budget holds.
   */
  @ScheduledJob(ScheduledJobs.emissionSizing, { every: 60_000 }, { runAtStart: true })
  async sizeToday(): Promise<EmissionDay | null> {
    const now = this.clock.now();
    const day = gameDayKey(now.getTime());
    const [sized]: { sized_from_treasury: boolean }[] = await this.dataSource.query(
      `SELECT sized_from_treasury FROM emission_days WHERE day = $1`,
      [day],
    );
    if (sized?.sized_from_treasury) return null;
    const treasuryRnk = await this.treasury.gameAccountRnk().catch((error: Error) => {
      // Not a failure of the worker's start or of the tick: the provisional budget holds, and the next tick tries again.
      this.logger.warn(`Emission budget of ${day} not sized yet: the treasury cannot be read (${error.message})`);
      return null;
    });
    if (treasuryRnk === null) return null;
    return retryingTransaction(this.dataSource, async (manager) => {
      await this.dayOf(manager, now);
      const owed = owedOf(await readLiabilities(manager));
      const budget = emissionBudget({ treasuryRnk, owed }, this.policy);
      // An UPDATE answers [rows, count].
      // The sized figure replaces the provisional one, never under what was already drawn.
      const [[row]]: [DayRow[], number] = await manager.query(
        `UPDATE emission_days SET budget = GREATEST(used, $2), sized_from_treasury = true, treasury_rnk = $3, owed = $4
          WHERE day = $1 AND NOT sized_from_treasury RETURNING ${DAY_COLUMNS}`,
        [day, budget, treasuryRnk, owed],
      );
      if (row) this.logger.log(`Emission budget of ${day}: ${budget} thousandths of RUNIK (treasury ${treasuryRnk}, owed ${owed})`);
      return row ? dayFromRow(row) : null;
    });
  }

  /** Today's row, made with the minimum if it does not exist yet. */
  async dayOf(manager: EntityManager, now: Date): Promise<EmissionDay> {
    const day = gameDayKey(now.getTime());
    const [existing]: DayRow[] = await manager.query(`SELECT ${DAY_COLUMNS} FROM emission_days WHERE day = $1`, [day]);
    if (existing) return dayFromRow(existing);
    const weights = await this.weightsOf(manager, now, null);
    const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
    const [last]: { surplus: string }[] = await manager.query(
      `SELECT (treasury_rnk - owed)::text AS surplus FROM emission_days WHERE sized_from_treasury AND day < $1 ORDER BY day DESC LIMIT 1`,
      [day],
    );
    await manager.query(
      `INSERT INTO emission_days (day, budget, total_weight, sized_from_treasury, created_at) VALUES ($1, $2, $3, false, $4) ON CONFLICT (day) DO NOTHING`,
      [day, provisionalBudget(last ? Number(last.surplus) : null, this.policy), totalWeight, now],
    );
    const [row]: DayRow[] = await manager.query(`SELECT ${DAY_COLUMNS} FROM emission_days WHERE day = $1`, [day]);
    return dayFromRow(row);
  }

  /** What a paid player may still draw today. */
  async allowanceOf(manager: EntityManager, playerId: number, now: Date): Promise<EmissionAllowance> {
    const day = await this.dayOf(manager, now);
    const weight = (await this.weightsOf(manager, now, [playerId])).get(playerId) ?? contributionWeight(0);
    const share = emissionShare(day.budget, weight, day.totalWeight);
    const [draw]: { used: string }[] = await manager.query(`SELECT used FROM emission_draws WHERE day = $1 AND player_id = $2`, [
      day.day,
      playerId,
    ]);
    const drawn = Number(draw?.used ?? 0);
    return { day, weight, share, drawn, ...emissionLeft({ size: share, used: drawn }, { size: day.budget, used: day.used }) };
  }

  /**
   * Draws `amount` for a paid player inside the mint's transaction: `exact` refuses (EmissionSpentError)
   * unless all of it fits, `upTo` takes what fits. Within the player's share unless `withinShare` is
   * false (an activation's release: the budget alone bounds it). Returns what was drawn. `allowance`:
   * the player's, read earlier in the same transaction (its day and weight are not read again).
   */
  async draw(
    manager: EntityManager,
    playerId: number,
    amount: number,
    mode: 'exact' | 'upTo',
    { withinShare = true, allowance }: { withinShare?: boolean; allowance?: EmissionAllowance } = {},
  ): Promise<number> {
    if (amount <= 0) return 0;
    const known = allowance ? { day: allowance.day, weights: new Map([[playerId, allowance.weight]]) } : undefined;
    // An exact draw that does not fit is rolled back with the caller's transaction (the error aborts it).
    const [{ got, limitedBy }] = await this.allocate(manager, [[playerId, amount]], withinShare, known);
    if (mode === 'exact' && got < amount) throw new EmissionSpentError(limitedBy, got);
    return got;
  }

  /**
   * Draws for several paid players at once (a boss's rewards), each up to their amount, in the order
   * of their ids; returns what each got. The players' draw rows are locked first, in id order, then
   * the day's row; callers draw before they post to players' balances, so two minting transactions
   * never wait on each other in a circle.
   */
  async drawEach(manager: EntityManager, amounts: ReadonlyMap<number, number>): Promise<Map<number, number>> {
    const players = [...amounts].filter(([, amount]) => amount > 0).sort(([a], [b]) => a - b);
    if (players.length === 0) return new Map();
    return new Map((await this.allocate(manager, players, true)).map(({ playerId, got }) => [playerId, got]));
  }

  private async allocate(
    manager: EntityManager,
    players: [playerId: number, amount: number][],
    withinShare: boolean,
    known?: { day: EmissionDay; weights: Map<number, number> },
  ): Promise<{ playerId: number; got: number; limitedBy: EmissionLimit }[]> {
    const now = this.clock.now();
    const ids = players.map(([playerId]) => playerId);
    const day = known?.day ?? (await this.dayOf(manager, now));
    const weights = known?.weights ?? (await this.weightsOf(manager, now, ids));
    await manager.query(`INSERT INTO emission_draws (day, player_id, used) SELECT $1, unnest($2::bigint[]), 0 ON CONFLICT DO NOTHING`, [
      day.day,
      ids,
    ]);
    const mine: { player_id: string; used: string }[] = await manager.query(
      `SELECT player_id, used FROM emission_draws WHERE day = $1 AND player_id = ANY($2::bigint[]) ORDER BY player_id FOR NO KEY UPDATE`,
      [day.day, ids],
    );
    const usedBy = new Map(mine.map((row) => [Number(row.player_id), Number(row.used)]));
    // NO KEY UPDATE: every draw row's foreign key holds KEY SHARE on the day's row, which FOR UPDATE would wait on (a deadlock between two draws).
    const [all]: { budget: string; used: string }[] = await manager.query(
      `SELECT budget, used FROM emission_days WHERE day = $1 FOR NO KEY UPDATE`,
      [day.day],
    );
    const budget = { size: Number(all.budget), used: Number(all.used) };
    const allocated: { playerId: number; got: number; limitedBy: EmissionLimit }[] = [];
    for (const [playerId, amount] of players) {
      const share = emissionShare(budget.size, weights.get(playerId) ?? contributionWeight(0), day.totalWeight);
      const playerBound = withinShare ? { size: share, used: usedBy.get(playerId) ?? 0 } : { size: Number.MAX_SAFE_INTEGER, used: 0 };
      const { left, limitedBy } = emissionLeft(playerBound, budget);
      const got = Math.min(amount, left);
      allocated.push({ playerId, got, limitedBy });
      if (got === 0) continue;
      budget.used += got;
      await manager.query(`UPDATE emission_draws SET used = used + $3 WHERE day = $1 AND player_id = $2`, [day.day, playerId, got]);
    }
    await manager.query(`UPDATE emission_days SET used = $2 WHERE day = $1`, [day.day, budget.used]);
    return allocated;
  }

  /**
   * The weights in the day's shares of the paid players who harvested in the previous game day (of
   * `playerIds`, or of all when null): each one's contribution, the RUNIK value (thousandths) of
   * what they harvested, never under a newcomer's. A player missing from the map harvested nothing.
   */
  private async weightsOf(manager: EntityManager, now: Date, playerIds: number[] | null): Promise<Map<number, number>> {
    const today = gameDay(now.getTime()).start;
    const rows: { player_id: string; asset: ResourceKey; harvested: string }[] = await manager.query(
      `SELECT a.player_id, e.asset, sum(e.delta)::text AS harvested
         FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN players p ON p.id = a.player_id
        WHERE e.reason = 'harvest' AND e.created_at >= $1 AND e.created_at < $2 AND e.delta > 0 AND p.activation = 'paid'
          AND ($3::bigint[] IS NULL OR a.player_id = ANY($3::bigint[]))
        GROUP BY 1, 2`,
      [new Date(today.getTime() - DAY_MS), today, playerIds],
    );
    const harvested = new Map<number, Partial<ResourceAmounts>>();
    for (const row of rows) {
      if (!RESOURCE_KEYS.includes(row.asset)) continue;
      const player = harvested.get(Number(row.player_id)) ?? {};
      player[row.asset] = Number(row.harvested);
      harvested.set(Number(row.player_id), player);
    }
    return new Map([...harvested].map(([id, amounts]) => [id, contributionWeight(contributionOf(amounts))]));
  }
}

function dayFromRow(row: DayRow): EmissionDay {
  return {
    day: row.day,
    budget: Number(row.budget),
    used: Number(row.used),
    totalWeight: Number(row.total_weight),
    sizedFromTreasury: row.sized_from_treasury,
  };
}
