import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  CONVERSION_TAX_PERCENT,
  CONVERSION_TERMS,
  gameDay,
  conversionLeftToday,
  DAILY_CONVERSION_CAP_RUNIK,
  emissionBudgetLeft,
  EmissionLimit,
  formatCountdown,
  formatResource,
  formatRunik,
  fromThousandths,
  previewToRunik,
  RESOURCE_KEYS,
  ResourceAmounts,
  runikCostOf,
  ToRunikPreview,
  UNLOCKS,
} from '@runik/rules';
import { CityMessages } from '@runik/contract';
import type {
  ConversionLimit,
  ConvertCommand,
  ConvertPreviewResponse,
  ConvertResponse,
  ConvertToResourcesCommand,
  ConvertToResourcesPreviewResponse,
  ConvertToResourcesResponse,
  Resources,
} from '@runik/contract';
import { sql } from 'kysely';
import { Clock } from '../core/clock/clock';
import { compiledOnce, db, firstRow } from '../core/database/sql';
import { ApiError } from '../core/errors/api-error';
import { EmissionAllowance, EmissionBudget, EmissionSpentError } from '../emission/emission-budget';
import { LedgerService } from '../ledger/ledger.service';
import { amountsDto, CityState, loadCity, resourcesDto } from './city-state';
import { assertRunikCovers, CityTransactions } from './city-transactions';

/** What a player may still gain from conversions today, thousandths, and what bounds it. */
interface ConversionAllowance {
  left: number;
  limitedBy: ConversionLimit;
  /** A paid player's allowance from the emission budget; null for a free account. */
  emission: EmissionAllowance | null;
}

/**
 * Resources to RUNIK (taxed, within the daily cap and, for a paid player, their share of the day's
 * emission budget) and RUNIK to resources, each with a preview that changes nothing.
 */
@Injectable()
export class ConversionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly ledger: LedgerService,
    private readonly emission: EmissionBudget,
    private readonly clock: Clock,
  ) {}

  async previewToRunik(playerId: number, { selectedResources, amount }: ConvertCommand): Promise<ConvertPreviewResponse> {
    const state = await this.readCity(playerId);
    const now = this.clock.now();
    const allowance = await this.allowanceOf(this.dataSource.manager, state, now);
    return toRunikDto(previewToRunik(selectedResources, amount, state.balances, CONVERSION_TERMS, allowance.left), allowance, now);
  }

  convertToRunik(playerId: number, { selectedResources, amount }: ConvertCommand): Promise<ConvertResponse> {
    return this.cities.run(playerId, async ({ manager, state, balances, now }) => {
      // Read under the city's lock: conversions of one player run one at a time, so the cap holds however many race.
      const allowance = await this.allowanceOf(manager, state, now);
      const preview = previewToRunik(selectedResources, amount, state.balances, CONVERSION_TERMS, allowance.left);
      if (amount > preview.maxAmount) {
        // What the player holds would allow more: it is the emission that stops them, and they are told so.
        const heldOnly = previewToRunik(selectedResources, amount, state.balances, CONVERSION_TERMS, Number.MAX_SAFE_INTEGER);
        if (allowance.limitedBy !== 'cap' && amount <= heldOnly.maxAmount) throw emissionSpent(allowance.limitedBy, allowance.left, now);
        throw ApiError.badRequest(CityMessages.amountExceedsMax(formatResource(preview.maxAmount)));
      }
      if (!preview.feasible) throw ApiError.badRequest(CityMessages.insufficientForAmount);
      // The player's share is drawn before the posting: every mint takes its draw rows before players' balances
      // (a boss's rewards credit many players after drawing for them), so two never wait on each other in a circle.
      const drawing = allowance.emission
        ? await this.emission.drawShare(manager, playerId, preview.runikAfterTax, allowance.emission).catch(refusedBy(now))
        : null;
      const gross = preview.runikAfterTax + preview.tax;
      await this.ledger.post(manager, {
        // A free account's RUNIK is game-only: no budget backs it, and only an activation's release (drawn from the budget) frees any.
        reason: allowance.emission ? 'convert-to-runik' : 'convert-to-game-runik',
        reference: `player:${playerId}`,
        legs: [
          ...selectedResources.flatMap((resource) => [
            { account: { playerId }, asset: resource, delta: -amount },
            { account: { system: 'system:burn' as const }, asset: resource, delta: amount },
          ]),
          { account: { system: 'system:mint' }, asset: 'runik', delta: -gross },
          { account: { playerId }, asset: 'runik', delta: preview.runikAfterTax },
          { account: { system: 'system:tax' }, asset: 'runik', delta: preview.tax },
        ],
      });
      if (!allowance.emission) await this.ledger.lockRunik(manager, playerId, preview.runikAfterTax);
      const resources = resourcesDto(await balances());
      // The day's row, which every paid mint shares, last: held from here to COMMIT only.
      if (drawing) await this.emission.drawFromDay(manager, drawing).catch(refusedBy(now));
      const after = { ...allowance, left: allowance.left - preview.runikAfterTax };
      return {
        ...toRunikDto(preview, after, now),
        resources,
        runikGained: fromThousandths(preview.runikAfterTax),
        taxRate: CONVERSION_TAX_PERCENT / 100,
      };
    });
  }

  async previewToResources(playerId: number, command: ConvertToResourcesCommand): Promise<ConvertToResourcesPreviewResponse> {
    const requested = requestedResources(command, await this.readCity(playerId));
    return { runikCost: fromThousandths(runikCostOf(requested)), resources: amountsDto(requested) };
  }

  convertToResources(playerId: number, command: ConvertToResourcesCommand): Promise<ConvertToResourcesResponse> {
    return this.cities.run(playerId, async ({ manager, state, balances }) => {
      const requested = requestedResources(command, state);
      const cost = runikCostOf(requested);
      assertRunikCovers(state.balances, cost);
      await this.cities.spend(manager, playerId, { runik: cost }, 'convert-to-resources');
      await this.cities.mint(manager, playerId, requested, 'convert-to-resources');
      return { runikCost: fromThousandths(cost), resources: resourcesDto(await balances()), received: amountsDto(requested) };
    });
  }

  /** The daily cap for everyone; for a paid player also what is left of their share of the emission budget, whichever is less. */
  private async allowanceOf(manager: EntityManager, state: CityState, now: Date): Promise<ConversionAllowance> {
    const capLeft = await leftToday(manager, state.playerId, now);
    // A paid player's city may withdraw (canWithdraw is its activation, read with the city).
    if (!state.canWithdraw) return { left: capLeft, limitedBy: 'cap', emission: null };
    const emission = await this.emission.allowanceOf(manager, state.playerId, now);
    return emission.left < capLeft
      ? { left: emission.left, limitedBy: emission.limitedBy, emission }
      : { left: capLeft, limitedBy: 'cap', emission };
  }

  private async readCity(playerId: number): Promise<CityState & { balances: Resources }> {
    const state = await loadCity(this.dataSource.manager, playerId);
    if (!state) throw ApiError.notFound(CityMessages.cityNotFound);
    return state;
  }
}

/** The positive amounts asked for; each must be unlocked at the city's City Hall level. */
function requestedResources(command: ConvertToResourcesCommand, state: CityState): Partial<ResourceAmounts> {
  const requested: Partial<ResourceAmounts> = {};
  for (const resource of RESOURCE_KEYS) {
    const amount = command[resource] ?? 0;
    if (amount === 0) continue;
    if (state.chLevel < UNLOCKS[resource]) throw ApiError.badRequest(CityMessages.resourceLocked(resource));
    requested[resource] = amount;
  }
  return requested;
}

/** RUNIK the daily cap still allows: the cap less what conversions credited the player since the game day began. */
async function leftToday(manager: EntityManager, playerId: number, now: Date): Promise<number> {
  const row = await firstRow(manager, creditedTodayStatement(playerId, gameDay(now.getTime()).start));
  // An aggregate answers one row, whatever it counted.
  return conversionLeftToday(row?.credited ?? 0);
}

/** RUNIK conversions credited the player since `since` (each conversion reads it): compiled once. */
const creditedTodayStatement = compiledOnce((playerId: number, since: Date) =>
  db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(sql<number>`coalesce(sum(e.delta), 0)::bigint`.as('credited'))
    .where('a.player_id', '=', playerId)
    .where('e.asset', '=', 'runik')
    .where('e.reason', 'in', ['convert-to-runik', 'convert-to-game-runik'])
    .where('e.created_at', '>=', since),
);

/** An EmissionSpentError as the 429 below; anything else as it is. */
function refusedBy(now: Date) {
  return (error: unknown): never => {
    throw error instanceof EmissionSpentError ? emissionSpent(error.limitedBy, error.left, now) : error;
  };
}

/** 429: the emission stops this conversion, with what is left and when the day resets. */
function emissionSpent(limitedBy: EmissionLimit, left: number, now: Date): ApiError {
  const day = gameDay(now.getTime());
  const countdown = formatCountdown(day.end.getTime() - now.getTime());
  return new ApiError(429, CityMessages.emissionSpent[limitedBy](formatRunik(left), countdown), {
    limitedBy,
    left: fromThousandths(left),
    resetsAt: day.end.toISOString(),
  });
}

function toRunikDto(preview: ToRunikPreview, allowance: ConversionAllowance, now: Date): ConvertPreviewResponse {
  const { emission } = allowance;
  return {
    runikAfterTax: fromThousandths(preview.runikAfterTax),
    taxRatePercent: preview.taxRatePercent,
    maxAmount: fromThousandths(preview.maxAmount),
    resourceAmounts: amountsDto(preview.resourceAmounts),
    feasible: preview.feasible,
    conversionCapPerDay: fromThousandths(DAILY_CONVERSION_CAP_RUNIK),
    conversionLeftToday: fromThousandths(Math.max(0, allowance.left)),
    conversionDayEndsAt: gameDay(now.getTime()).end.toISOString(),
    conversionLimitedBy: allowance.limitedBy,
    emissionShareToday: emission ? fromThousandths(emission.share) : null,
    emissionBudgetLeftToday: emission ? fromThousandths(emissionBudgetLeft(emission.day)) : null,
  };
}
