import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import { DataSource, EntityManager } from 'typeorm';
import {
  BattleInput,
  BattleOutcome,
  ENEMY_COOLDOWN_MS,
  formatCountdown,
  RAIDS,
  RaidTarget,
  RaidTerms,
  raidTerms,
  recordOf,
  RESOURCE_KEYS,
  resolveBattle,
  spendCharge,
  troopCount,
} from '@runik/rules';
import { AttackMessages, BATTLE_LOG_LIMIT, ENEMIES_PAGE_SIZE } from '@runik/contract';
import type { ArmyStatsResponse, AttackPreviewResponse, AttackResponse, BattleLogsResponse, EnemiesResponse } from '@runik/contract';
import {
  applyLosses,
  bankProduction,
  CityState,
  commanderBonuses,
  loadCities,
  loadCity,
  pendingOf,
  resourceAmountsDto,
  withFinishedTraining,
} from '../city/city-state';
import { CityTransactions } from '../city/city-transactions';
import { FairRolls } from '../fairness/fair-rolls';
import { Clock } from '../core/clock/clock';
import { countAndPage } from '../core/database/count-and-page';
import { db, firstRow, preparedSql, rows } from '../core/database/sql';
import { ApiError } from '../core/errors/api-error';
import { QuestProgress } from '../quests/quest-progress';
import { Notifier } from '../notifications/notifier';
import { battleVerdictDto } from './battle-verdict';
import { armyStatsDto, attackPreviewDto, enemyDto, troopCountsDto } from './attack-dto';
import { decodeBattleOutcome } from '../stored-data/stored-battles';
import { PreviewCache } from './preview-cache';

/** What raidTerms needs to know of a target beyond its city. */
interface TargetRow {
  registered_at: Date;
  has_raided: boolean;
}

interface BattleRow {
  id: string;
  seed: string;
  attacker: string;
  defender: string;
  /** Decoded with decodeBattleOutcome: older rows lack keys added since. */
  outcome: unknown;
  fought_at: Date;
}

/**
 * Attacks on other cities. A battle locks both cities (in id order), so two attackers on one
 * defender take its pending resources one after the other, and one attacker's charges and
 * cooldowns are checked against settled state.
 */
@Injectable()
export class AttackService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly quests: QuestProgress,
    private readonly rolls: FairRolls,
    private readonly previews: PreviewCache = new PreviewCache(),
  ) {}

  async armyStats(playerId: number): Promise<ArmyStatsResponse> {
    const now = this.clock.now();
    return armyStatsDto(await this.cityAt(playerId, now), now);
  }

  /** Everyone but the player and their alliance, strongest City Halls first. */
  async enemies(playerId: number, page: number, minLevel: number): Promise<EnemiesResponse> {
    const manager = this.dataSource.manager;
    const candidates = db
      .selectFrom('cities as c')
      .where('c.ch_level', '>=', minLevel)
      .where('c.player_id', '<>', playerId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('alliance_members as mine')
              .innerJoin('alliance_members as theirs', 'theirs.alliance_id', 'mine.alliance_id')
              .select(sql<1>`1`.as('one'))
              .where('mine.player_id', '=', playerId)
              .whereRef('theirs.player_id', '=', 'c.player_id'),
          ),
        ),
      );
    const pageOfCandidates = candidates
      .select(['c.player_id', 'c.ch_level'])
      .orderBy('c.ch_level', 'desc')
      .orderBy('c.player_id')
      .limit(ENEMIES_PAGE_SIZE)
      .offset((page - 1) * ENEMIES_PAGE_SIZE);
    const { total, rows } = await countAndPage(
      manager,
      candidates.select((eb) => eb.fn.countAll<number>().as('total')),
      db
        .selectFrom(pageOfCandidates.as('page'))
        .innerJoin('players as p', 'p.id', 'page.player_id')
        .leftJoin('alliance_members as m', 'm.player_id', 'page.player_id')
        .leftJoin('alliances as a', 'a.id', 'm.alliance_id')
        .select(({ selectFrom, exists }) => [
          'page.player_id',
          'p.hive_username',
          'a.tag',
          'p.created_at as registered_at',
          selectFrom('battles as b')
            .select(({ fn }) => fn.max('b.fought_at').as('fought_at'))
            .where('b.attacker_id', '=', playerId)
            .whereRef('b.defender_id', '=', 'page.player_id')
            .as('last_battle'),
          exists(
            selectFrom('battles as r')
              .select(sql<1>`1`.as('one'))
              .whereRef('r.attacker_id', '=', 'page.player_id'),
          )
            // PostgreSQL answers EXISTS with a boolean (SqlBool also allows MySQL's 0 and 1).
            .$castTo<boolean>()
            .as('has_raided'),
        ])
        .orderBy('page.ch_level', 'desc')
        .orderBy('page.player_id'),
    );
    const totalPages = Math.max(1, Math.ceil(total / ENEMIES_PAGE_SIZE));
    const now = this.clock.now();
    const states = await loadCities(manager, [playerId, ...rows.map((row) => row.player_id)]);
    const viewer = states.get(playerId);
    if (!viewer) throw ApiError.notFound(AttackMessages.enemyNotFound);
    const enemies = rows.map((row) => {
      const { state } = withFinishedTraining(states.get(row.player_id)!, now);
      const terms = termsOf(viewer, state, row, now);
      return enemyDto(row.hive_username, row.tag, state, now, row.last_battle && cooldownEnd(row.last_battle), terms);
    });
    return { enemies, page, totalPages };
  }

  /**
   * What an attack on `enemyName` would likely do now (docs/combat.md, "The preview"): the battle's own
   * formula over the luck range, on the armies, gear and pending stock an attack would meet now.
   * Read without locks: the attack itself decides on locked rows.
   */
  async preview(attackerId: number, enemyName: string): Promise<AttackPreviewResponse> {
    const defenderId = await this.enemyId(attackerId, enemyName);
    const now = this.clock.now();
    const manager = this.dataSource.manager;
    const [[row], states] = await Promise.all([
      rows(manager, previewTargetStatement(attackerId, defenderId)),
      loadCities(manager, [attackerId, defenderId]),
    ]);
    if (row.allied) throw ApiError.badRequest(AttackMessages.cannotAttackAlly);
    const [attacker, defender] = [attackerId, defenderId].map((id) => withFinishedTraining(states.get(id)!, now).state);
    const terms = termsOf(attacker, defender, row, now);
    return attackPreviewDto(
      this.previews.preview({
        attacker: { troops: attacker.army, bonuses: commanderBonuses(attacker) },
        defender: { troops: defender.army, bonuses: commanderBonuses(defender), pending: pendingOf(defender, now) },
        lootPercent: terms.open ? terms.lootPercent : 0,
        lootLostPercent: RAIDS.lootLostPercent,
      }),
      commanderBonuses(attacker),
      commanderBonuses(defender),
      terms.open ? terms.lootPercent : 0,
    );
  }

  async attack(attackerId: number, attackerName: string, enemyName: string): Promise<AttackResponse> {
    const defenderId = await this.enemyId(attackerId, enemyName);
    return this.cities.runMany([attackerId, defenderId], async ({ manager, states: [attacker, defender], now }) => {
      const { tag: defenderTag, terms } = await this.assertCanAttack(manager, attacker, defender, now);
      const charges = spendCharge(attacker.attackCharges, now.getTime());
      if (!charges) throw noChargesError(attacker, now);

      const roll = await this.rolls.take(manager, attacker.playerId);
      const input: BattleInput = {
        attacker: { troops: attacker.army, bonuses: commanderBonuses(attacker) },
        defender: { troops: defender.army, bonuses: commanderBonuses(defender), pending: pendingOf(defender, now) },
        seed: roll.seed,
        lootPercent: terms.lootPercent,
        lootLostPercent: RAIDS.lootLostPercent,
      };
      const outcome = resolveBattle(input);
      // Both cities' production is settled as of the battle: each army's upkeep changes with its losses.
      await bankProduction(manager, attacker, now);
      const left = recordOf(
        RESOURCE_KEYS,
        (resource) => input.defender.pending[resource] - outcome.loot[resource] - outcome.lootLost[resource],
      );
      await manager.query(`UPDATE cities SET stored_pending = $2, production_anchor_at = $3 WHERE player_id = $1`, [
        defender.playerId,
        JSON.stringify(left),
        now,
      ]);
      await applyLosses(manager, attacker.playerId, outcome.attacker);
      await applyLosses(manager, defender.playerId, outcome.defender);
      await manager.query(`UPDATE cities SET attack_charges = $2, attack_charges_at = $3 WHERE player_id = $1`, [
        attacker.playerId,
        charges.charges,
        new Date(charges.anchorMs),
      ]);
      // Only what reaches home is minted; the loot lost on the way never exists.
      if (RESOURCE_KEYS.some((resource) => outcome.loot[resource] > 0))
        await this.cities.mint(manager, attacker.playerId, outcome.loot, 'attack-loot');
      const [{ id }] = await manager.query(
        `INSERT INTO battles (attacker_id, defender_id, seed, input, outcome, fought_at, fair_seed_id, nonce) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          attacker.playerId,
          defender.playerId,
          input.seed,
          JSON.stringify(input),
          JSON.stringify(outcome),
          now,
          roll.fairSeedId,
          roll.nonce,
        ],
      );
      await this.notifyBattle(
        manager,
        Number(id),
        { attacker: [attacker.playerId, attackerName], defender: [defender.playerId, enemyName] },
        outcome,
      );
      await this.quests.observe(manager, attacker.playerId, now);

      const [updatedAttacker, updatedDefender] = await this.settled(manager, [attacker.playerId, defender.playerId], now);
      return {
        result: {
          battleId: Number(id),
          winner: outcome.winner,
          attacker: { name: attackerName, dead: troopCountsDto(outcome.attacker.dead), injured: troopCountsDto(outcome.attacker.injured) },
          defender: { name: enemyName, dead: troopCountsDto(outcome.defender.dead), injured: troopCountsDto(outcome.defender.injured) },
          loot: resourceAmountsDto(outcome.loot),
          lootLost: resourceAmountsDto(outcome.lootLost),
          verdict: battleVerdictDto(input, outcome),
        },
        updatedPlayer: armyStatsDto(updatedAttacker, now),
        updatedEnemies: [enemyDto(enemyName, defenderTag, updatedDefender, now, cooldownEnd(now), terms)],
      };
    });
  }

  /** The latest battles the player fought, as attacker or defender. */
  async battleLogs(playerId: number): Promise<BattleLogsResponse> {
    const rows: BattleRow[] = await this.dataSource.query(
      `SELECT b.id, b.seed, b.outcome, b.fought_at, pa.hive_username AS attacker, pd.hive_username AS defender
       FROM (
         (SELECT * FROM battles WHERE attacker_id = $1 ORDER BY fought_at DESC LIMIT $2)
         UNION ALL
         (SELECT * FROM battles WHERE defender_id = $1 AND attacker_id <> $1 ORDER BY fought_at DESC LIMIT $2)
       ) b
       JOIN players pa ON pa.id = b.attacker_id JOIN players pd ON pd.id = b.defender_id
       ORDER BY b.fought_at DESC, b.id DESC LIMIT $2`,
      [playerId, BATTLE_LOG_LIMIT],
    );
    return {
      logs: rows.map(({ id, seed, attacker, defender, outcome: stored, fought_at }) => {
        const outcome = decodeBattleOutcome(stored);
        return {
          battleId: Number(id),
          seed: Number(seed),
          attacker,
          defender,
          winner: outcome.winner,
          timestamp: fought_at.toISOString(),
          loot: resourceAmountsDto(outcome.loot),
          attackerCasualties: troopCountsDto(outcome.attacker.dead),
          defenderCasualties: troopCountsDto(outcome.defender.dead),
          attackerInjured: troopCountsDto(outcome.attacker.injured),
          defenderInjured: troopCountsDto(outcome.defender.injured),
        };
      }),
    };
  }

  /** Both sides hear of the battle, each with their own losses; the loot is what left the defender. */
  private async notifyBattle(
    manager: EntityManager,
    battleId: number,
    sides: Record<'attacker' | 'defender', [number, string]>,
    outcome: BattleOutcome,
  ): Promise<void> {
    const source = `battle:${battleId}`;
    const loot = resourceAmountsDto(outcome.loot);
    const [attackerId, attackerName] = sides.attacker;
    const [defenderId, defenderName] = sides.defender;
    await this.notifier.notifyEach(manager, source, [
      {
        playerId: defenderId,
        kind: 'attacked',
        data: {
          battleId,
          attacker: attackerName,
          winner: outcome.winner,
          dead: troopCountsDto(outcome.defender.dead),
          injured: troopCountsDto(outcome.defender.injured),
          loot,
        },
      },
      {
        playerId: attackerId,
        kind: 'attack-resolved',
        data: {
          battleId,
          defender: defenderName,
          winner: outcome.winner,
          dead: troopCountsDto(outcome.attacker.dead),
          injured: troopCountsDto(outcome.attacker.injured),
          loot,
        },
      },
    ]);
  }

  private async cityAt(playerId: number, now: Date): Promise<CityState> {
    const stored = await loadCity(this.dataSource.manager, playerId);
    if (!stored) throw ApiError.notFound(AttackMessages.enemyNotFound);
    return withFinishedTraining(stored, now).state;
  }

  private async settled(manager: EntityManager, playerIds: number[], now: Date): Promise<CityState[]> {
    const states = await loadCities(manager, playerIds);
    return playerIds.map((playerId) => withFinishedTraining(states.get(playerId)!, now).state);
  }

  private async enemyId(attackerId: number, enemyName: string): Promise<number> {
    const enemy = await firstRow(this.dataSource.manager, enemyStatement(enemyName));
    if (!enemy) throw ApiError.notFound(AttackMessages.enemyNotFound);
    if (enemy.id === attackerId) throw ApiError.badRequest(AttackMessages.cannotAttackSelf);
    return enemy.id;
  }

  /**
   * Refuses an attack on an ally, on a shielded city (raidTerms), on a defender still cooling down, or
   * without troops; returns the defender's alliance tag, read in the same round trip, and the raid's terms.
   */
  private async assertCanAttack(
    manager: EntityManager,
    attacker: CityState,
    defender: CityState,
    now: Date,
  ): Promise<{ tag: string | null; terms: OpenRaid }> {
    const [row] = await rows(manager, raidTargetStatement(attacker.playerId, defender.playerId));
    const { allied, last_fought, defender_tag } = row;
    if (allied) throw ApiError.badRequest(AttackMessages.cannotAttackAlly);
    const terms = termsOf(attacker, defender, row, now);
    if (!terms.open) throw shieldError(terms, now);
    const until = last_fought && cooldownEnd(last_fought);
    if (until && until > now) {
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, AttackMessages.enemyCoolingDown(formatCountdown(until.getTime() - now.getTime())), {
        cooldownUntil: until.toISOString(),
      });
    }
    if (troopCount(attacker.army) === 0) throw ApiError.badRequest(AttackMessages.noArmy);
    return { tag: defender_tag, terms };
  }
}

function cooldownEnd(foughtAt: Date): Date {
  return new Date(foughtAt.getTime() + ENEMY_COOLDOWN_MS);
}

function termsOf(raider: CityState, target: CityState, row: TargetRow, now: Date): RaidTerms {
  const targetSide: RaidTarget = {
    chLevel: target.chLevel,
    paid: target.canWithdraw,
    registeredAtMs: row.registered_at.getTime(),
    hasRaided: row.has_raided,
  };
  return raidTerms({ chLevel: raider.chLevel, paid: raider.canWithdraw }, targetSide, now.getTime());
}

type OpenRaid = Extract<RaidTerms, { open: true }>;

/** 403: the target is shielded from this raider. */
function shieldError(terms: Exclude<RaidTerms, OpenRaid>, now: Date): ApiError {
  switch (terms.shield) {
    case 'free':
      return ApiError.forbidden(AttackMessages.freeShield);
    case 'out-of-band':
      return ApiError.forbidden(AttackMessages.outOfBand(RAIDS.maxLevelsBelow));
    case 'newcomer':
      return new ApiError(HttpStatus.FORBIDDEN, AttackMessages.newcomerShield(formatCountdown(terms.shieldEndsMs - now.getTime())), {
        shieldEndsAt: new Date(terms.shieldEndsMs).toISOString(),
      });
  }
}

export function noChargesError(attacker: CityState, now: Date): ApiError {
  const { nextRegenInMs } = armyStatsDto(attacker, now);
  return new ApiError(HttpStatus.TOO_MANY_REQUESTS, AttackMessages.noAttacksLeft(formatCountdown(nextRegenInMs)), { nextRegenInMs });
}

/** The raids' own reads, prepared: each is sent at every preview or raid. */
const enemyStatement = preparedSql<{ id: number }>(
  `SELECT p.id FROM players p JOIN cities c ON c.player_id = p.id WHERE p.hive_username = $1`,
);
const previewTargetStatement = preparedSql<{ allied: boolean } & TargetRow>(
  `SELECT EXISTS (SELECT 1 FROM alliance_members mine JOIN alliance_members theirs USING (alliance_id) WHERE mine.player_id = $1 AND theirs.player_id = $2) AS allied,
          (SELECT created_at FROM players WHERE id = $2) AS registered_at,
          EXISTS (SELECT 1 FROM battles WHERE attacker_id = $2) AS has_raided`,
);
const raidTargetStatement = preparedSql<{ allied: boolean; last_fought: Date | null; defender_tag: string | null } & TargetRow>(
  `SELECT EXISTS (SELECT 1 FROM alliance_members mine JOIN alliance_members theirs USING (alliance_id) WHERE mine.player_id = $1 AND theirs.player_id = $2) AS allied,
          (SELECT fought_at FROM battles WHERE attacker_id = $1 AND defender_id = $2 ORDER BY fought_at DESC LIMIT 1) AS last_fought,
          (SELECT a.tag FROM alliance_members m JOIN alliances a ON a.id = m.alliance_id WHERE m.player_id = $2) AS defender_tag,
          (SELECT created_at FROM players WHERE id = $2) AS registered_at,
          EXISTS (SELECT 1 FROM battles WHERE attacker_id = $2) AS has_raided`,
);
