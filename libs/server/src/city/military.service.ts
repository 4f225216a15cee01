import { Injectable } from '@nestjs/common';
import {
  buildingForUnit,
  healingCost,
  isBuildingUnlocked,
  militaryBuilding,
  MilitaryBuildingKey,
  remainingMinutes,
  speedupCost,
  trainingCost,
  trainingDurationMs,
  UNIT_KEYS,
  UnitKey,
} from '@runik/rules';
import { CityMessages } from '@runik/contract';
import type { HealResponse, SpeedupResponse, TrainingReason, TrainRequest, TrainResponse } from '@runik/contract';
import { db, rows } from '../core/database/sql';
import { QuestProgress } from '../quests/quest-progress';
import { ApiError } from '../core/errors/api-error';
import { bankProduction, CityState, enlist, queueDto, resourcesDto, unitOf } from './city-state';
import { assertResourcesCover, assertRunikCovers, CityTransactions } from './city-transactions';

/** The ledger reason of paying for a batch: the record that a building trained (the first steps read it). */
export function trainingReason(building: MilitaryBuildingKey): TrainingReason {
  return `train-${building}`;
}

/** Training, speeding training up with RUNIK, and healing injured troops. */
@Injectable()
export class MilitaryService {
  constructor(
    private readonly cities: CityTransactions,
    private readonly quests: QuestProgress,
  ) {}

  train(playerId: number, { building, count }: TrainRequest): Promise<TrainResponse> {
    return this.cities.run(playerId, async ({ manager, state, now, balances }) => {
      assertUnlocked(building, state);
      if (state.queue.some((batch) => batch.building === building)) throw ApiError.conflict(CityMessages.trainingInProgress);
      const cost = trainingCost(building, count);
      assertResourcesCover(state.balances, cost);
      await this.cities.spend(manager, playerId, cost, trainingReason(building));
      const completesAt = new Date(now.getTime() + trainingDurationMs(building, state.levels[building], count));
      await rows(manager, db.insertInto('training_queue').values({ player_id: playerId, building, count, completes_at: completesAt }));
      await this.quests.observe(manager, playerId, now);
      return {
        resources: resourcesDto(await balances()),
        army: state.army,
        trainingQueue: queueDto([...state.queue, { building, count, completesAt }]),
      };
    });
  }

  /** 1 RUNIK a minute, up to the remaining minutes; a batch sped past its end joins the army at once. */
  speedup(playerId: number, building: MilitaryBuildingKey, minutes: number): Promise<SpeedupResponse> {
    return this.cities.run(playerId, async ({ manager, state, now, balances }) => {
      const batch = state.queue.find((queued) => queued.building === building);
      if (!batch) throw ApiError.badRequest(CityMessages.noActiveQueue);
      const most = remainingMinutes(batch.completesAt.getTime(), now.getTime());
      if (minutes > most) throw ApiError.badRequest(CityMessages.tooManyMinutes(most));
      const cost = speedupCost(minutes);
      assertRunikCovers(state.balances, cost);
      await this.cities.spend(manager, playerId, { runik: cost }, `speedup-${building}`);

      const completesAt = new Date(batch.completesAt.getTime() - minutes * 60_000);
      const army = { ...state.army };
      let queue = state.queue.map((queued) => (queued === batch ? { ...batch, completesAt } : queued));
      if (completesAt <= now) {
        // The army grows now: production so far is settled at the old upkeep.
        await bankProduction(manager, state, now);
        army[unitOf(building)] += batch.count;
        queue = queue.filter((queued) => queued.building !== building);
        await enlist(manager, playerId, batch);
      } else {
        await rows(
          manager,
          db
            .updateTable('training_queue')
            .set({ completes_at: completesAt })
            .where('player_id', '=', playerId)
            .where('building', '=', building),
        );
      }
      return { trainingQueue: queueDto(queue), resources: resourcesDto(await balances()), army };
    });
  }

  /** Injured troops return to the army for 25% of their training cost. */
  heal(playerId: number, units: Record<UnitKey, number>): Promise<HealResponse> {
    return this.cities.run(playerId, async ({ manager, state, now, balances }) => {
      for (const unit of UNIT_KEYS) {
        if (units[unit] === 0) continue;
        assertUnlocked(buildingForUnit(unit), state);
        if (units[unit] > state.injured[unit]) throw ApiError.badRequest(CityMessages.notEnoughInjured(unit, state.injured[unit]));
      }
      const cost = healingCost(units);
      assertResourcesCover(state.balances, cost);
      await this.cities.spend(manager, playerId, cost, 'heal');
      // The army grows now: production so far is settled at the old upkeep.
      await bankProduction(manager, state, now);
      await rows(
        manager,
        db
          .updateTable('cities')
          .set((eb) => ({
            infantry: eb('infantry', '+', units.infantry),
            archers: eb('archers', '+', units.archers),
            cavalries: eb('cavalries', '+', units.cavalries),
            injured_infantry: eb('injured_infantry', '-', units.infantry),
            injured_archers: eb('injured_archers', '-', units.archers),
            injured_cavalries: eb('injured_cavalries', '-', units.cavalries),
          }))
          .where('player_id', '=', playerId),
      );
      const army = { ...state.army };
      const injured = { ...state.injured };
      for (const unit of UNIT_KEYS) {
        army[unit] += units[unit];
        injured[unit] -= units[unit];
      }
      return { resources: resourcesDto(await balances()), army, sanctum: { injured } };
    });
  }
}

function assertUnlocked(building: MilitaryBuildingKey, state: CityState): void {
  if (!isBuildingUnlocked(building, state.chLevel)) {
    const { name, unlock } = militaryBuilding(building);
    throw ApiError.badRequest(CityMessages.buildingLocked(name, unlock));
  }
}
