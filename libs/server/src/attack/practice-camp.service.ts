import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  armyPower,
  BattleInput,
  BattleOutcome,
  ENEMY_COOLDOWN_MS,
  formatCountdown,
  fromThousandths,
  gameDay,
  NO_COMMANDER_BONUSES,
  noResources,
  PRACTICE_CAMP,
  practiceCampArmy,
  practiceCampStore,
  recordOf,
  RESOURCE_KEYS,
  ResourceAmounts,
  resolveBattle,
  spendCharge,
  troopCount,
} from '@runik/rules';
import { AttackMessages, CityMessages, PracticeCampMessages } from '@runik/contract';
import type { PracticeCampResponse, PracticeRaidResponse } from '@runik/contract';
import {
  applyLosses,
  bankProduction,
  CityState,
  commanderBonuses,
  loadCity,
  resourceAmountsDto,
  withFinishedTraining,
} from '../city/city-state';
import { CityTransactions } from '../city/city-transactions';
import { FairRolls } from '../fairness/fair-rolls';
import { Clock } from '../core/clock/clock';
import { QuestProgress } from '../quests/quest-progress';
import { ApiError } from '../core/errors/api-error';
import { battleVerdictDto } from './battle-verdict';
import { armyStatsDto, troopCountsDto } from './attack-dto';
import { noChargesError } from './attack.service';
import { decodeBattleOutcome } from '../stored-data/stored-battles';

/** What the camp remembers of a player's raids: what today's took from its stores, and when the last one was. */
interface CampHistory {
  takenToday: ResourceAmounts;
  lastRaidAt: Date | null;
}

/**
 * The practice camp (docs/combat.md, "The practice camp"): raided like a city (a charge spent, the
 * 4-hour cooldown, the army's losses, the loot minted as resources through the ledger), but its army
 * and stores are the rules' and it never gives up a newcomer shield. The raider's city row is the lock.
 */
@Injectable()
export class PracticeCampService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly clock: Clock,
    private readonly quests: QuestProgress,
    private readonly rolls: FairRolls,
  ) {}

  async camp(playerId: number): Promise<PracticeCampResponse> {
    const now = this.clock.now();
    const manager = this.dataSource.manager;
    return campDto(await cityAt(manager, playerId, now), await history(manager, playerId, now), now);
  }

  raid(playerId: number, playerName: string): Promise<PracticeRaidResponse> {
    return this.cities.runMany([playerId], async ({ manager, states: [raider], now }) => {
      const before = await history(manager, playerId, now);
      const until = cooldownUntil(before, now);
      if (until) {
        throw new ApiError(
          HttpStatus.TOO_MANY_REQUESTS,
          PracticeCampMessages.coolingDown(formatCountdown(until.getTime() - now.getTime())),
          {
            cooldownUntil: until.toISOString(),
          },
        );
      }
      if (troopCount(raider.army) === 0) throw ApiError.badRequest(AttackMessages.noArmy);
      const charges = spendCharge(raider.attackCharges, now.getTime());
      if (!charges) throw noChargesError(raider, now);

      const roll = await this.rolls.take(manager, playerId);
      const input: BattleInput = {
        attacker: { troops: raider.army, bonuses: commanderBonuses(raider) },
        defender: { troops: practiceCampArmy(raider.army), bonuses: NO_COMMANDER_BONUSES, pending: practiceCampStore(before.takenToday) },
        seed: roll.seed,
        lootPercent: PRACTICE_CAMP.lootPercent,
        lootLostPercent: PRACTICE_CAMP.lootLostPercent,
      };
      const outcome = resolveBattle(input);
      // The upkeep changes with the losses: production is settled as of the battle first.
      await bankProduction(manager, raider, now);
      await applyLosses(manager, playerId, outcome.attacker);
      await manager.query(`UPDATE cities SET attack_charges = $2, attack_charges_at = $3 WHERE player_id = $1`, [
        playerId,
        charges.charges,
        new Date(charges.anchorMs),
      ]);
      if (RESOURCE_KEYS.some((resource) => outcome.loot[resource] > 0))
        await this.cities.mint(manager, playerId, outcome.loot, 'practice-loot');
      const [{ id }] = await manager.query(
        `INSERT INTO practice_raids (player_id, seed, input, outcome, fought_at, fair_seed_id, nonce) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [playerId, input.seed, JSON.stringify(input), JSON.stringify(outcome), now, roll.fairSeedId, roll.nonce],
      );
      await this.quests.observe(manager, playerId, now);

      const after = await cityAt(manager, playerId, now);
      return {
        result: {
          battleId: Number(id),
          winner: outcome.winner,
          attacker: { name: playerName, dead: troopCountsDto(outcome.attacker.dead), injured: troopCountsDto(outcome.attacker.injured) },
          defender: {
            name: PracticeCampMessages.name,
            dead: troopCountsDto(outcome.defender.dead),
            injured: troopCountsDto(outcome.defender.injured),
          },
          loot: resourceAmountsDto(outcome.loot),
          lootLost: resourceAmountsDto(outcome.lootLost),
          verdict: battleVerdictDto(input, outcome),
        },
        updatedPlayer: armyStatsDto(after, now),
        camp: campDto(after, { takenToday: addTaken(before.takenToday, outcome), lastRaidAt: now }, now),
      };
    });
  }
}

async function cityAt(manager: EntityManager, playerId: number, now: Date): Promise<CityState> {
  const stored = await loadCity(manager, playerId);
  if (!stored) throw ApiError.notFound(CityMessages.cityNotFound);
  return withFinishedTraining(stored, now).state;
}

async function history(manager: EntityManager, playerId: number, now: Date): Promise<CampHistory> {
  const rows: { outcome: unknown; fought_at: Date }[] = await manager.query(
    `SELECT outcome, fought_at FROM practice_raids WHERE player_id = $1 AND fought_at > $2 ORDER BY fought_at`,
    // The cooldown may reach back into the day before: read from whichever began first.
    [playerId, new Date(Math.min(gameDay(now.getTime()).start.getTime(), now.getTime() - ENEMY_COOLDOWN_MS))],
  );
  const dayStart = gameDay(now.getTime()).start;
  const takenToday = rows
    .filter((row) => row.fought_at >= dayStart)
    .reduce((taken, row) => addTaken(taken, decodeBattleOutcome(row.outcome)), noResources());
  return { takenToday, lastRaidAt: rows.at(-1)?.fought_at ?? null };
}

/** Both what reached home and what was lost on the way left the camp's stores. */
function addTaken(taken: ResourceAmounts, outcome: Pick<BattleOutcome, 'loot' | 'lootLost'>): ResourceAmounts {
  return recordOf(RESOURCE_KEYS, (resource) => taken[resource] + outcome.loot[resource] + outcome.lootLost[resource]);
}

function cooldownUntil({ lastRaidAt }: CampHistory, now: Date): Date | null {
  const until = lastRaidAt && new Date(lastRaidAt.getTime() + ENEMY_COOLDOWN_MS);
  return until && until > now ? until : null;
}

function campDto(raider: CityState, camp: CampHistory, now: Date): PracticeCampResponse {
  const army = practiceCampArmy(raider.army);
  return {
    ...troopCountsDto(army),
    armyPower: fromThousandths(armyPower(army)),
    store: resourceAmountsDto(practiceCampStore(camp.takenToday)),
    storeRefillsAt: gameDay(now.getTime()).end.toISOString(),
    cooldownUntil: cooldownUntil(camp, now)?.toISOString() ?? null,
  };
}
