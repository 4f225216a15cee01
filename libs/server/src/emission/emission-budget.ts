import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ExpressionBuilder, sql } from 'kysely';
import {
  contributionOf,
  contributionWeight,
  emissionAllowance,
  emissionBudget,
  EmissionDayState,
  EmissionSlice,
  emissionSlices,
  EmissionLimit,
  EmissionPolicy,
  gameDay,
  gameDayKey,
  owedOf,
  provisionalBudget,
  RESOURCE_KEYS,
  sliceOf,
  youngSince,
  ResourceAmounts,
  ResourceKey,
} from '@runik/rules';
import { Clock } from '../core/clock/clock';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { ScheduledJob } from '../core/queues/job-handlers';
import { ScheduledJobs } from '../core/queues/queues';
import { TreasuryService } from '../wallet/treasury.service';
import { readLiabilities } from './liabilities';
import { retryingTransaction } from '../core/database/transaction';
import { compiledOnce, db, firstRow, rows } from '../core/database/sql';
import type { DB } from '../core/database/schema';

const DAY_MS = 86_400_000;

/** A game day's budget and what was drawn from it, thousandths. */
export interface EmissionDay extends EmissionDayState {
  /** The game day, yyyy-MM-dd (gameDayKey). */
  day: string;
  sizedFromTreasury: boolean;
}

/** What a paid player may still draw today, thousandths. */
export interface EmissionAllowance {
  day: EmissionDay;
  /** The player's weight among the day's producers; null when it harvested nothing yesterday (a newcomer). */
  weight: number | null;
  /** Paid in the last 21 game days: its share is capped (`YOUNG_ACCOUNT_DAILY_SHARE`, the earn-back floor). */
  young: boolean;
  /** The player's share of the day (of the producers' slice, or a newcomer's). */
  share: number;
  /** What the player drew today. */
  drawn: number;
  left: number;
  limitedBy: EmissionLimit;
}

/** What an exact draw's first half (`drawShare`) took of the player's share, for its second (`drawFromDay`). */
export interface ShareDraw {
  playerId: number;
  amount: number;
  allowance: EmissionAllowance;
  /** What the player had drawn today before this draw. */
  drawnBefore: number;
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

/** Who draws: paid players (each its own share), or an activation's release (the releases' slice alone). */
type Drawers = { players: number[] } | { release: number };

/**
 * The one daily emission budget (docs/decisions.md, "The emission budget"): everything the game mints
 * that could ever be withdrawn draws from it, inside the transaction of the mint, from one of its three
 * slices (`emissionAllowance`, libs/rules: producers, newcomers, releases). A day's row is made at its
 * first use with a provisional budget (the minimum, within the spendable part of the surplus as last
 * estimated) and the producers' weights; the worker sizes it from the treasury within a minute, so no
 * player's call waits on the chain.
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
   * is owed, once a day, then releases what activations still wait for; the sized day, or null when
   * there was nothing to size or the treasury could not be read. Until it has (Hive Engine down, or
   * the day just began), the provisional budget holds.
   */
  @ScheduledJob(ScheduledJobs.emissionSizing, { every: 60_000 }, { runAtStart: true })
  async sizeToday(): Promise<EmissionDay | null> {
    const sized = await this.sizeFromTreasury();
    await this.releaseWaiting();
    return sized;
  }

  private async sizeFromTreasury(): Promise<EmissionDay | null> {
    const now = this.clock.now();
    const day = gameDayKey(now.getTime());
    const known = await firstRow(
      this.dataSource.manager,
      db.selectFrom('emission_days').select('sized_from_treasury').where('day', '=', gameDate(day)),
    );
    if (known?.sized_from_treasury) return null;
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
      // The sized figure replaces the provisional one, never under what was already drawn.
      const row = await firstRow(
        manager,
        db
          .updateTable('emission_days')
          .set((eb) => ({
            budget: eb.fn('greatest', ['used', eb.val(budget)]),
            sized_from_treasury: true,
            treasury_rnk: treasuryRnk,
            owed,
          }))
          .where('day', '=', gameDate(day))
          .where('sized_from_treasury', '=', false)
          .returning(dayColumns),
      );
      if (row) this.logger.log(`Emission budget of ${day}: ${budget} thousandths of RUNIK (treasury ${treasuryRnk}, owed ${owed})`);
      return row ? dayFromRow(row) : null;
    });
  }

  /** Today's row, made with the provisional budget if it does not exist yet. */
  async dayOf(manager: EntityManager, now: Date): Promise<EmissionDay> {
    const day = gameDayKey(now.getTime());
    const existing = await firstRow(manager, db.selectFrom('emission_days').select(dayColumns).where('day', '=', gameDate(day)));
    if (existing) return dayFromRow(existing);
    const weights = await this.weightsOf(manager, now, null);
    const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
    await rows(
      manager,
      db
        .insertInto('emission_days')
        .values({
          day: gameDate(day),
          budget: provisionalBudget(await this.surplusEstimate(manager, day), this.policy),
          total_weight: totalWeight,
          sized_from_treasury: false,
          created_at: now,
        })
        .onConflict((conflict) => conflict.column('day').doNothing()),
    );
    return dayFromRow((await firstRow(manager, db.selectFrom('emission_days').select(dayColumns).where('day', '=', gameDate(day))))!);
  }

  /**
   * The surplus as last measured (the last sized day's RNK held less all owed then) less everything
   * drawn from that day on: what is left of it at worst, since every draw adds to what is owed (null
   * before the first sizing).
   */
  private async surplusEstimate(manager: EntityManager, before: string): Promise<number | null> {
    const last = await firstRow(
      manager,
      db
        .selectFrom('emission_days as sized')
        .select((eb) =>
          sql<number>`(${eb.ref('sized.treasury_rnk')} - ${eb.ref('sized.owed')} - ${eb
            .selectFrom('emission_days as since')
            .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('since.used'), sql<number>`0`).as('drawn'))
            .whereRef('since.day', '>=', 'sized.day')
            .where('since.day', '<', gameDate(before))})::bigint`.as('surplus'),
        )
        .where('sized.sized_from_treasury', '=', true)
        .where('sized.day', '<', gameDate(before))
        .orderBy('sized.day', 'desc')
        .limit(1),
    );
    return last ? last.surplus : null;
  }

  /** What a paid player may still draw today: the day, what it drew and whether it is young in one statement (its weight apart). */
  async allowanceOf(manager: EntityManager, playerId: number, now: Date): Promise<EmissionAllowance> {
    const key = gameDayKey(now.getTime());
    const read = () => firstRow(manager, allowanceStatement(key, playerId, youngSince(now.getTime())));
    let row = await read();
    if (!row) {
      // The day's first read: dayOf makes its row.
      await this.dayOf(manager, now);
      row = (await read())!;
    }
    const day = dayFromRow(row);
    const weight = (await this.weightsOf(manager, now, [playerId])).get(playerId) ?? null;
    const drawn = row.drawn ?? 0;
    const { share, left, limitedBy } = emissionAllowance(day, { weight, drawn, young: row.young });
    return { day, weight, young: row.young, share: share ?? 0, drawn, left, limitedBy };
  }

  /** What an activation's release could still draw today: what is left of the releases' slice (and of the budget). */
  async releasesLeftToday(manager: EntityManager): Promise<number> {
    return emissionAllowance(await this.dayOf(manager, this.clock.now()), 'release').left;
  }

  /**
   * Draws `amount` for a paid player inside the mint's transaction, within its share: `exact` refuses
   * (EmissionSpentError) unless all of it fits, `upTo` takes what fits. Returns what was drawn.
   * `allowance`: the player's, read earlier in the same transaction (its day and weight are not read again).
   */
  async draw(
    manager: EntityManager,
    playerId: number,
    amount: number,
    mode: 'exact' | 'upTo',
    { allowance }: { allowance?: EmissionAllowance } = {},
  ): Promise<number> {
    if (amount <= 0) return 0;
    if (mode === 'exact') {
      await this.drawFromDay(
        manager,
        await this.drawShare(manager, playerId, amount, allowance ?? (await this.allowanceOf(manager, playerId, this.clock.now()))),
      );
      return amount;
    }
    const known = allowance
      ? { day: allowance.day, weights: new Map([[playerId, allowance.weight]]), young: new Set(allowance.young ? [playerId] : []) }
      : undefined;
    const [{ got }] = await this.allocate(manager, { players: [playerId] }, [amount], known);
    return got;
  }

  /**
   * The first half of an exact draw: adds `amount` to what the player drew today, in place, only if it
   * stays within its share (else EmissionSpentError, the transaction to be rolled back). It locks the
   * player's draw row: take it before the player's balances, as every draw does (`drawEach`), and take
   * the day's part (`drawFromDay`) before COMMIT.
   */
  async drawShare(manager: EntityManager, playerId: number, amount: number, allowance: EmissionAllowance): Promise<ShareDraw> {
    const refused = (drawn: number) => {
      const { left, limitedBy } = emissionAllowance(allowance.day, { weight: allowance.weight, drawn, young: allowance.young });
      return new EmissionSpentError(limitedBy, left);
    };
    // The share as read (what the player drew can only have grown since); the row's own check below is the guard.
    if (amount > allowance.share - allowance.drawn) throw refused(allowance.drawn);
    const row = await firstRow(manager, drawShareStatement(allowance.day.day, playerId, amount, allowance.share - amount));
    if (!row) {
      // Another draw of the player's (a quest's reward) came first: what it left is read back for the refusal.
      const now = await firstRow(
        manager,
        db.selectFrom('emission_draws').select('used').where('day', '=', gameDate(allowance.day.day)).where('player_id', '=', playerId),
      );
      throw refused(now?.used ?? 0);
    }
    return { playerId, amount, allowance, drawnBefore: row.used - amount };
  }

  /**
   * The second half: adds the draw to the day's row in one statement that checks the budget and the
   * player's slice in place, so the row every paid mint of the game shares is held from this statement
   * to COMMIT only (issue 46). Call it last in the transaction. When the day changed since the
   * allowance was read (sized from the treasury, so the slices are not those it was checked against),
   * the draw is decided again under the row's lock, as `allocate` does.
   */
  async drawFromDay(manager: EntityManager, draw: ShareDraw): Promise<void> {
    const { day, weight, young } = draw.allowance;
    const slice = sliceOf(weight, day.totalWeight);
    const drawn = await firstRow(manager, drawFromDayStatement(day, slice, draw.amount));
    if (drawn) return;
    const locked = await firstRow(
      manager,
      db.selectFrom('emission_days').select(dayColumns).where('day', '=', gameDate(day.day)).forNoKeyUpdate(),
    );
    const state = dayFromRow(locked!);
    const { left, limitedBy } = emissionAllowance(state, { weight, drawn: draw.drawnBefore, young });
    if (left < draw.amount) throw new EmissionSpentError(limitedBy, left);
    state.used[slice] += draw.amount;
    await this.writeDay(manager, state);
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
    const allocated = await this.allocate(
      manager,
      { players: players.map(([playerId]) => playerId) },
      players.map(([, amount]) => amount),
    );
    return new Map(allocated.map(({ playerId, got }) => [playerId, got]));
  }

  /**
   * An activation's release: draws `amount` from today's releases' slice, turns what it gave of the
   * player's game-only RUNIK withdrawable and records the rest as waiting (`releaseWaiting`).
   */
  async release(manager: EntityManager, playerId: number, amount: number): Promise<number> {
    const released = await this.drawRelease(manager, playerId, amount);
    await this.settleRelease(manager, playerId, released, amount - released);
    return released;
  }

  /**
   * Releases, oldest activation first, what activations are still to release (`players.release_waiting`)
   * as far as today's releases' slice allows: a spent slice delays a release, never cancels it.
   */
  async releaseWaiting(): Promise<void> {
    await retryingTransaction(this.dataSource, async (manager) => {
      const waiting = await rows(
        manager,
        db
          .selectFrom('players')
          .select(['id', 'release_waiting', 'locked_runik'])
          .where('release_waiting', '>', 0)
          .orderBy('activated_at')
          .orderBy('id')
          .limit(100)
          .forNoKeyUpdate()
          .skipLocked(),
      );
      for (const player of waiting) {
        // Game-only RUNIK spent in the meantime is no longer there to release: what it waited for shrinks with it.
        const releasable = Math.min(player.release_waiting, player.locked_runik);
        const released = await this.drawRelease(manager, player.id, releasable);
        if (released === 0 && releasable > 0) break;
        await this.settleRelease(manager, player.id, released, releasable - released - player.release_waiting);
      }
    });
  }

  private async drawRelease(manager: EntityManager, playerId: number, amount: number): Promise<number> {
    if (amount <= 0) return 0;
    const [{ got }] = await this.allocate(manager, { release: playerId }, [amount]);
    return got;
  }

  /** `released` of a player's game-only RUNIK becomes withdrawable; what it waits for moves by `waiting`. */
  private async settleRelease(manager: EntityManager, playerId: number, released: number, waiting: number): Promise<void> {
    if (released === 0 && waiting === 0) return;
    await rows(
      manager,
      db
        .updateTable('players')
        .set((eb) => ({
          locked_runik: sql<number>`GREATEST(0, ${eb.ref('locked_runik')} - ${released})`,
          release_waiting: eb('release_waiting', '+', waiting),
        }))
        .where('id', '=', playerId),
    );
  }

  private async allocate(
    manager: EntityManager,
    drawers: Drawers,
    amounts: number[],
    known?: { day: EmissionDay; weights: Map<number, number | null>; young: Set<number> },
  ): Promise<{ playerId: number; got: number; limitedBy: EmissionLimit }[]> {
    const now = this.clock.now();
    const ids = 'players' in drawers ? drawers.players : [drawers.release];
    const day = known?.day ?? (await this.dayOf(manager, now));
    const weights = 'players' in drawers ? (known?.weights ?? (await this.weightsOf(manager, now, ids))) : new Map<number, number>();
    const young = 'players' in drawers ? (known?.young ?? (await this.youngOf(manager, now, ids))) : new Set<number>();
    const drawnBy = 'players' in drawers ? await this.lockDraws(manager, day.day, ids) : new Map<number, number>();
    // NO KEY UPDATE: every draw row's foreign key holds KEY SHARE on the day's row, which FOR UPDATE would wait on (a deadlock between two draws).
    const locked = await firstRow(
      manager,
      db.selectFrom('emission_days').select(dayColumns).where('day', '=', gameDate(day.day)).forNoKeyUpdate(),
    );
    const state = dayFromRow(locked!);
    const allocated: { playerId: number; got: number; limitedBy: EmissionLimit }[] = [];
    for (const [index, playerId] of ids.entries()) {
      const drawer =
        'players' in drawers
          ? { weight: weights.get(playerId) ?? null, drawn: drawnBy.get(playerId) ?? 0, young: young.has(playerId) }
          : 'release';
      const { slice, left, limitedBy } = emissionAllowance(state, drawer);
      const got = Math.min(amounts[index], left);
      allocated.push({ playerId, got, limitedBy });
      if (got === 0) continue;
      state.used[slice] += got;
      // A release is the releases' slice's alone: it takes nothing of the player's own share.
      if (drawer === 'release') continue;
      await rows(
        manager,
        db
          .updateTable('emission_draws')
          .set((eb) => ({ used: eb('used', '+', got) }))
          .where('day', '=', gameDate(day.day))
          .where('player_id', '=', playerId),
      );
    }
    await this.writeDay(manager, state);
    return allocated;
  }

  /** What a day's slices gave, written to its row (locked by the caller). */
  private async writeDay(manager: EntityManager, state: EmissionDay): Promise<void> {
    await rows(
      manager,
      db
        .updateTable('emission_days')
        .set({
          used: state.used.producers + state.used.newcomers + state.used.releases,
          newcomers_used: state.used.newcomers,
          releases_used: state.used.releases,
        })
        .where('day', '=', gameDate(state.day)),
    );
  }

  /** Each player's draw row of the day, made if missing and locked in id order; what each drew. */
  private async lockDraws(manager: EntityManager, day: string, ids: number[]): Promise<Map<number, number>> {
    await rows(
      manager,
      db
        .insertInto('emission_draws')
        .columns(['day', 'player_id', 'used'])
        .expression(sql`SELECT ${gameDate(day)}, unnest(${ids}::bigint[]), 0`)
        .onConflict((conflict) => conflict.doNothing()),
    );
    const mine = await rows(
      manager,
      db
        .selectFrom('emission_draws')
        .select(['player_id', 'used'])
        .where('day', '=', gameDate(day))
        .where('player_id', '=', sql<number>`ANY(${ids}::bigint[])`)
        .orderBy('player_id')
        .forNoKeyUpdate(),
    );
    return new Map(mine.map((row) => [row.player_id, row.used]));
  }

  /** Which of `playerIds` were paid in the last 21 game days (`youngSince`): their shares are capped. */
  private async youngOf(manager: EntityManager, now: Date, playerIds: number[]): Promise<Set<number>> {
    const young = await rows(
      manager,
      db
        .selectFrom('players')
        .select('id')
        .where('id', '=', sql<number>`ANY(${playerIds}::bigint[])`)
        .where((eb) => paidSince(eb, youngSince(now.getTime()))),
    );
    return new Set(young.map((row) => row.id));
  }

  /**
   * The day's producers' weights (of `playerIds`, or of all when null): paid players by the day's start
   * who harvested in the previous game day, each one's contribution (the RUNIK value, thousandths, of
   * what they harvested), never under a newcomer's. A player missing from the map is a newcomer. The
   * same rows give the day's total when its row is made and each weight later, so the shares add up.
   */
  private async weightsOf(manager: EntityManager, now: Date, playerIds: number[] | null): Promise<Map<number, number>> {
    const today = gameDay(now.getTime()).start;
    const yesterday = new Date(today.getTime() - DAY_MS);
    const harvests = await rows(
      manager,
      playerIds === null
        ? harvestsStatement(yesterday, today)
        : playerIds.length === 1
          ? harvestsOfOneStatement(yesterday, today, playerIds[0])
          : harvestsOfStatement(yesterday, today, playerIds),
    );
    const harvested = new Map<number, Partial<ResourceAmounts>>();
    for (const row of harvests) {
      if (!RESOURCE_KEYS.includes(row.asset as ResourceKey)) continue;
      harvested.set(row.player_id, { ...harvested.get(row.player_id), [row.asset]: row.harvested });
    }
    return new Map([...harvested].map(([id, amounts]) => [id, contributionWeight(contributionOf(amounts))]));
  }
}

/** A game day's key (yyyy-MM-dd) as the `date` it is in the tables. */
function gameDate(day: string) {
  return sql<Date>`${day}::date`;
}

/** A day's columns, its date as text (node-postgres would make a local-time Date of it). */
const dayColumns = [
  sql<string>`day::text`.as('day'),
  'budget',
  'used',
  'newcomers_used',
  'releases_used',
  'total_weight',
  'sized_from_treasury',
] as const;

/** A player paid at or after `since` (an account activated before activated_at was recorded: made at or after it). */
function paidSince(eb: ExpressionBuilder<DB, 'players'>, since: Date) {
  return eb(eb.fn.coalesce('players.activated_at', 'players.created_at'), '>=', since);
}

/** What paid players harvested between `from` and `to`, by player and asset: the producers' weights (`weightsOf`). */
function harvestsQuery(from: Date, to: Date) {
  return (
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('players as p', 'p.id', 'a.player_id')
      .select(['p.id as player_id', 'e.asset', sql<number>`sum(e.delta)::bigint`.as('harvested')])
      .where('e.reason', '=', 'harvest')
      .where('e.created_at', '>=', from)
      .where('e.created_at', '<', to)
      .where('e.delta', '>', 0)
      .where('p.activation', '=', 'paid')
      // Paid by the day's start (an account activated before activated_at was recorded: since it was made).
      .where((eb) => eb.fn.coalesce('p.activated_at', 'p.created_at'), '<', to)
      .groupBy(['p.id', 'e.asset'])
  );
}
const harvestsStatement = compiledOnce(harvestsQuery);
/** Of some players only: compiled once. */
const harvestsOfStatement = compiledOnce((from: Date, to: Date, playerIds: number[]) =>
  harvestsQuery(from, to).where('a.player_id', '=', sql<number>`ANY(${playerIds}::bigint[])`),
);
/**
 * Of one player (a conversion's allowance reads its player's each time), by `=`: PostgreSQL keeps one plan for a
 * prepared statement only when it costs no more than the call's own, and for `ANY` of an array it costs ten players.
 */
const harvestsOfOneStatement = compiledOnce((from: Date, to: Date, playerId: number) =>
  harvestsQuery(from, to).where('a.player_id', '=', playerId),
);

/** The day's row, what the player drew of it and whether it is young (`youngSince`): a conversion's allowance reads it each time. */
const allowanceStatement = compiledOnce((day: string, playerId: number, youngFrom: Date) =>
  db
    .selectFrom('emission_days')
    .select(dayColumns)
    .select((eb) => [
      eb
        .selectFrom('emission_draws as d')
        .select('d.used')
        .whereRef('d.day', '=', 'emission_days.day')
        .where('d.player_id', '=', playerId)
        .as('drawn'),
      eb
        .exists(
          eb
            .selectFrom('players')
            .select(sql<1>`1`.as('one'))
            .where('players.id', '=', playerId)
            .where((inner) => paidSince(inner, youngFrom)),
        )
        .$castTo<boolean>()
        .as('young'),
    ])
    .where('day', '=', gameDate(day)),
);

/**
 * Adds a draw to the player's row of the day, made if missing, unless what it drew would pass its
 * share (`most`: the share less the draw); returns what it drew since (nothing when refused).
 */
const drawShareStatement = compiledOnce((day: string, playerId: number, amount: number, most: number) =>
  db
    .insertInto('emission_draws')
    .values({ day: gameDate(day), player_id: playerId, used: amount })
    .onConflict((conflict) =>
      conflict
        .columns(['day', 'player_id'])
        .doUpdateSet((eb) => ({ used: eb('emission_draws.used', '+', eb.ref('excluded.used')) }))
        .where('emission_draws.used', '<=', most),
    )
    .returning('used'),
);

/**
 * Adds a draw to the day's row in place if the budget and the slice still hold it, as the allowance
 * saw them (the slices' sizes follow from the budget: a budget sized since matches nothing).
 */
function drawFromDayStatement(day: EmissionDay, slice: EmissionSlice, amount: number) {
  const size = emissionSlices(day.budget, day.totalWeight)[slice];
  // A paid player draws from the producers' slice or the newcomers' (sliceOf).
  const statement = slice === 'newcomers' ? drawNewcomersStatement : drawProducersStatement;
  return statement(day.day, day.budget, amount, day.budget - amount, size - amount);
}

/** The day's draw against one slice's counter: compiled once per slice, since every paid conversion sends one. */
function drawFromDayQuery(newcomer: boolean) {
  return compiledOnce((day: string, budget: number, amount: number, usedMost: number, sliceMost: number) =>
    db
      .updateTable('emission_days')
      .set((eb) => ({ used: eb('used', '+', amount), ...(newcomer ? { newcomers_used: eb('newcomers_used', '+', amount) } : {}) }))
      .where('day', '=', gameDate(day))
      .where('budget', '=', budget)
      .where('used', '<=', usedMost)
      // The producers' slice is what the others leave of `used`.
      .where((eb) =>
        eb(newcomer ? eb.ref('newcomers_used') : eb('used', '-', eb('newcomers_used', '+', eb.ref('releases_used'))), '<=', sliceMost),
      )
      .returning(sql<1>`1`.as('drawn')),
  );
}
const drawNewcomersStatement = drawFromDayQuery(true);
const drawProducersStatement = drawFromDayQuery(false);

function dayFromRow(row: {
  day: string;
  budget: number;
  used: number;
  newcomers_used: number;
  releases_used: number;
  total_weight: number;
  sized_from_treasury: boolean;
}): EmissionDay {
  const { used, newcomers_used: newcomers, releases_used: releases } = row;
  return {
    day: row.day,
    budget: row.budget,
    totalWeight: row.total_weight,
    used: { producers: used - newcomers - releases, newcomers, releases },
    sizedFromTreasury: row.sized_from_treasury,
  };
}
