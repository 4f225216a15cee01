import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { formatResource, formatRunik, RESOURCE_KEYS, ResourceAmounts } from '@runik/rules';
import { CityMessages } from '@runik/contract';
import type { LedgerReason, Resources } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { ApiError } from '../core/errors/api-error';
import { LedgerService } from '../ledger/ledger.service';
import { Asset, Leg } from '../ledger/ledger.types';
import { CityState, enlist, loadCities, lockCity, withFinishedTraining } from './city-state';
import { retryingTransaction } from '../core/database/transaction';

export interface CityWork {
  manager: EntityManager;
  state: CityState;
  now: Date;
  /** The player's balances after the work's postings. */
  balances(): Promise<Resources>;
}

export interface CitiesWork {
  manager: EntityManager;
  /** Each city as of now, in the order the (distinct) ids were given. */
  states: CityState[];
  now: Date;
}

/**
 * Every city action: one transaction holding the city rows, with finished training
 * already moved into the army. Actions on one city therefore run one at a time.
 */
@Injectable()
export class CityTransactions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  run<T>(playerId: number, work: (context: CityWork) => Promise<T>): Promise<T> {
    return this.runMany([playerId], ({ manager, states: [state], now }) =>
      work({ manager, state, now, balances: async () => ({ ...(await this.ledger.balancesOf(manager, playerId)) }) }),
    );
  }

  /** Several cities at once (a battle): rows locked in id order, so two battles cannot deadlock. */
  runMany<T>(playerIds: number[], work: (context: CitiesWork) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, (manager) => this.within(manager, playerIds, work));
  }

  /**
   * `runMany` inside a transaction the caller holds (the throne takes its war row first). Cities
   * are locked in id order here too, so it cannot deadlock against city actions.
   */
  async within<T>(manager: EntityManager, playerIds: number[], work: (context: CitiesWork) => Promise<T>): Promise<T> {
    const ids = [...new Set(playerIds)];
    for (const playerId of [...ids].sort((a, b) => a - b)) {
      if (!(await lockCity(manager, playerId))) throw ApiError.notFound(CityMessages.cityNotFound);
    }
    // Read after the locks, so actions on a city are stamped in the order they committed.
    const now = this.clock.now();
    const stored = await loadCities(manager, ids);
    const states: CityState[] = [];
    for (const playerId of ids) {
      const { state, finished } = withFinishedTraining(stored.get(playerId)!, now);
      for (const batch of finished) await enlist(manager, playerId, batch);
      states.push(state);
    }
    return work({ manager, states, now });
  }

  /** Pays costs to the burn account; the ledger's conditional debit is the real guard. */
  async spend(manager: EntityManager, playerId: number, costs: Partial<Record<Asset, number>>, reason: LedgerReason): Promise<void> {
    await this.ledger.post(manager, { reason, reference: `player:${playerId}`, legs: pairLegs(playerId, 'system:burn', costs, -1) });
  }

  /** Creates produced or bought goods for the player from the mint; `reference` names what they came from (the player by default). */
  async mint(
    manager: EntityManager,
    playerId: number,
    amounts: Partial<Record<Asset, number>>,
    reason: LedgerReason,
    reference = `player:${playerId}`,
  ): Promise<void> {
    await this.ledger.post(manager, { reason, reference, legs: pairLegs(playerId, 'system:mint', amounts, 1) });
  }
}

function pairLegs(playerId: number, system: 'system:burn' | 'system:mint', amounts: Partial<Record<Asset, number>>, sign: 1 | -1): Leg[] {
  return (Object.entries(amounts) as [Asset, number][])
    .filter(([, amount]) => amount > 0)
    .flatMap(([asset, amount]) => [
      { account: { playerId }, asset, delta: sign * amount },
      { account: { system }, asset, delta: -sign * amount },
    ]);
}

/** 400 with the spec's message for the first resource the player cannot cover. */
export function assertResourcesCover(held: Resources, costs: ResourceAmounts): void {
  for (const resource of RESOURCE_KEYS) {
    if (costs[resource] > held[resource]) {
      throw ApiError.badRequest(CityMessages.notEnoughResource(resource, formatResource(costs[resource]), formatResource(held[resource])));
    }
  }
}

export function assertRunikCovers(held: Resources, cost: number): void {
  if (cost > held.runik) throw ApiError.badRequest(CityMessages.notEnoughRunik(formatRunik(cost), formatRunik(held.runik)));
}
