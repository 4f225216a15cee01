import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  ATTACK_CHARGES_MAX,
  BuildingKey,
  buildingByKey,
  buildingUpgradeBlock,
  buildingUpgradeCost,
  CITY_HALL_KEY,
  cityHallUpgradeBlock,
  cityHallUpgradeCost,
  formatCountdown,
  HARVEST_INTERVAL_MS,
  noResources,
  recordOf,
  RESOURCE_KEYS,
  STARTING_CITY_HALL_LEVEL,
  STARTING_RESOURCES,
  toThousandths,
  UpgradeBlock,
} from '@runik/rules';
import { CityMessages } from '@runik/contract';
import type { CityResponse, HarvestResponse, UpgradeResponse } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { db, rows } from '../core/database/sql';
import { ApiError } from '../core/errors/api-error';
import { cityDto, loadCity, nextHarvestTime, pendingOf, resourcesDto } from './city-state';
import { assertRunikCovers, CityTransactions } from './city-transactions';
import { QuestProgress } from '../quests/quest-progress';

@Injectable()
export class CityService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly clock: Clock,
    private readonly quests: QuestProgress,
  ) {}

  /** A new player's city: City Hall level 1, every building at level 1, the starting resources minted. */
  async createStartingCity(manager: EntityManager, playerId: number): Promise<void> {
    const now = this.clock.now();
    await rows(
      manager,
      db.insertInto('cities').values({
        player_id: playerId,
        ch_level: STARTING_CITY_HALL_LEVEL,
        building_levels: '{}',
        created_at: now,
        production_anchor_at: now,
        // A full set of attack charges, from the rules (the column's default is the migration's frozen value).
        attack_charges: ATTACK_CHARGES_MAX,
      }),
    );
    const resources = recordOf(RESOURCE_KEYS, (resource) => toThousandths(STARTING_RESOURCES[resource]));
    await this.cities.mint(manager, playerId, resources, 'starting-resources');
  }

  /** The hottest read of the game: one query, production and training computed from timestamps. */
  async city(playerId: number): Promise<CityResponse> {
    const state = await loadCity(this.dataSource.manager, playerId);
    if (!state) throw ApiError.notFound(CityMessages.cityNotFound);
    return cityDto(state, this.clock.now());
  }

  upgrade(playerId: number, key: typeof CITY_HALL_KEY | BuildingKey): Promise<UpgradeResponse> {
    return this.cities.run(playerId, async ({ manager, state, now, balances }) => {
      const level = key === CITY_HALL_KEY ? state.chLevel : state.levels[key];
      const block = key === CITY_HALL_KEY ? cityHallUpgradeBlock(level) : buildingUpgradeBlock(key, level, state.chLevel);
      if (block) throw ApiError.badRequest(upgradeBlockMessage(key, block));
      const cost = key === CITY_HALL_KEY ? cityHallUpgradeCost(level) : buildingUpgradeCost(key, level);
      assertRunikCovers(state.balances, cost);
      await this.cities.spend(manager, playerId, { runik: cost }, `upgrade-${key}`);

      const levels = { ...state.levels };
      let chLevel = state.chLevel;
      if (key === CITY_HALL_KEY) chLevel += 1;
      else levels[key] = level + 1;
      // Production so far is kept at the old rates; new levels (and newly unlocked producers) count from now on.
      await rows(
        manager,
        db
          .updateTable('cities')
          .set({
            ch_level: chLevel,
            building_levels: JSON.stringify(levels),
            stored_pending: JSON.stringify(pendingOf(state, now)),
            production_anchor_at: now,
          })
          .where('player_id', '=', playerId),
      );
      if (key === CITY_HALL_KEY) await this.quests.observe(manager, playerId, now);
      return { chLevel, levels, resources: resourcesDto(await balances()) };
    });
  }

  /** Collects pending production, once every 4 hours. */
  harvest(playerId: number): Promise<HarvestResponse> {
    return this.cities.run(playerId, async ({ manager, state, now, balances }) => {
      const next = nextHarvestTime(state);
      if (next && next > now) throw new ApiError(429, CityMessages.harvestNotReady(formatCountdown(next.getTime() - now.getTime())));
      await this.cities.mint(manager, playerId, pendingOf(state, now), 'harvest');
      await rows(
        manager,
        db
          .updateTable('cities')
          .set({ stored_pending: '{}', production_anchor_at: now, last_harvest_at: now })
          .where('player_id', '=', playerId),
      );
      await this.quests.observe(manager, playerId, now);
      return {
        resources: resourcesDto(await balances()),
        pendingResources: noResources(),
        nextHarvestTime: new Date(now.getTime() + HARVEST_INTERVAL_MS).toISOString(),
      };
    });
  }
}

function upgradeBlockMessage(key: string, block: UpgradeBlock): string {
  if (block.reason === 'max-level') return CityMessages.cityHallMaxed;
  const name = buildingByKey(key)?.name ?? key;
  return block.reason === 'locked'
    ? CityMessages.buildingLocked(name, block.unlockLevel)
    : CityMessages.needsCityHall(name, block.cityHallLevel);
}
