import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  armyPower,
  bossImage,
  bossMaxHp,
  bossReward,
  citadelHit,
  hitsToDefeat,
  citadelPayout,
  fromThousandths,
  gameDay,
  gameDayKey,
  seasonAt,
} from '@runik/rules';
import { AllianceChatLineTexts, CitadelMessages } from '@runik/contract';
import type {
  CitadelAttackResponse,
  CitadelPreview,
  CitadelRewardsResponse,
  CitadelUserResponse,
  FloorParticipant,
  FloorResponse,
} from '@runik/contract';
import { applyLosses, bankProduction, CityState, commanderBonuses, loadCity, withFinishedTraining } from '../city/city-state';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { preparedSql, rows } from '../core/database/sql';
import { ApiError } from '../core/errors/api-error';
import { EmissionBudget } from '../emission/emission-budget';
import { LedgerService } from '../ledger/ledger.service';
import { QuestProgress } from '../quests/quest-progress';
import { Notifier } from '../notifications/notifier';
import { AllianceChatLines } from '../alliance-chat/chat-lines';

interface FloorRow {
  floor: number;
  max_hp: string;
  current_hp: string;
  reward_thousandths: string;
  defeated_at: Date | null;
}

interface DamageRow {
  player_id: string;
  hive_username: string;
  total_damage: string;
  attack_count: number;
}

/**
 * The Abyssal Citadel: one boss floor at a time for everyone. An attack is a city action (the
 * attacker's city row is held for the casualties) that then holds the floor row, so attacks on a
 * floor land one after the other and the one that brings the boss to 0 pays the rewards and opens
 * the next floor, once.
 */
@Injectable()
export class CitadelService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    private readonly emission: EmissionBudget,
    private readonly quests: QuestProgress,
    private readonly chatLines: AllianceChatLines,
  ) {}

  async user(playerId: number): Promise<CitadelUserResponse> {
    const manager = this.dataSource.manager;
    const now = this.clock.now();
    const stored = await loadCity(manager, playerId);
    if (!stored) throw ApiError.notFound('City not found');
    const { state } = withFinishedTraining(stored, now);
    // One round trip for the floor everyone is on, the player's progress, every share of its reward and
    // the boss rewards the player was paid today (the daily cap).
    const [standing] = await rows(manager, standingStatement(playerId, gameDay(now.getTime()).start));
    // What the player will be paid for the damage dealt so far: the payout's own share (of all the
    // damage the boss takes, its hit points left included), rounding and daily cap.
    const paidToday = new Map([[playerId, Number(standing.paid_today)]]);
    const todayAttackCount = standing.day === gameDayKey(now.getTime()) ? (standing.today_attack_count ?? 0) : 0;
    const { paid } = citadelPayout(Number(standing.reward_thousandths), standing.damages, paidToday, Number(standing.current_hp));
    return {
      globalCurrentFloor: standing.current_floor,
      todayAttackCount,
      nextResetAt: gameDay(now.getTime()).end.toISOString(),
      user: { armyPower: fromThousandths(armyPower(state.army, commanderBonuses(state))), army: state.army },
      preview: citadelPreviewDto(state, Number(standing.current_hp), todayAttackCount + 1),
      totalStats: { totalDamageDealt: fromThousandths(Number(standing.total_damage ?? 0)) },
      pendingRewards: fromThousandths(paid.get(playerId) ?? 0),
    };
  }

  /** Floors above the one everyone is on are not reached yet: Access Denied. */
  async floor(floorNumber: number): Promise<FloorResponse> {
    const manager = this.dataSource.manager;
    if (floorNumber > (await this.currentFloor(manager))) throw ApiError.forbidden(CitadelMessages.floorLocked);
    const [floor]: FloorRow[] = await manager.query(`SELECT * FROM citadel_floors WHERE floor = $1`, [floorNumber]);
    const rows: DamageRow[] = await manager.query(
      // The floor's rows in ranking order (citadel_damage_ranking); each name by primary key, so the
      // view costs its participants, never a pass over every player.
      `SELECT d.player_id, (SELECT p.hive_username FROM players p WHERE p.id = d.player_id) AS hive_username, d.total_damage, d.attack_count
         FROM citadel_damage d WHERE d.floor = $1 ORDER BY d.total_damage DESC, d.player_id`,
      [floorNumber],
    );
    const totalDamage = rows.reduce((sum, row) => sum + Number(row.total_damage), 0);
    const participants: FloorParticipant[] = rows.map((row) => ({
      hiveUsername: row.hive_username,
      totalDamage: fromThousandths(Number(row.total_damage)),
      damagePercentage: percent(Number(row.total_damage), totalDamage),
      attackCount: row.attack_count,
    }));
    const maxHp = Number(floor.max_hp);
    const currentHp = Number(floor.current_hp);
    return {
      floor: floorNumber,
      status: floor.defeated_at ? 'defeated' : 'current',
      isDefeated: floor.defeated_at !== null,
      currentHp: fromThousandths(currentHp),
      maxHp: fromThousandths(maxHp),
      healthPercentage: percent(currentHp, maxHp),
      reward: fromThousandths(Number(floor.reward_thousandths)),
      bossImage: bossImage(floorNumber),
      totalParticipants: rows.length,
      topThreeDealers: participants.slice(0, 3),
      allParticipants: participants,
    };
  }

  async rewards(playerId: number, limit: number): Promise<CitadelRewardsResponse> {
    const rows: { floor: number; damage: string; reward_thousandths: string; distributed_at: Date; floor_damage: string }[] =
      await this.dataSource.query(
        `SELECT r.*, (SELECT sum(total_damage) FROM citadel_damage d WHERE d.floor = r.floor) AS floor_damage
       FROM citadel_rewards r WHERE r.player_id = $1 ORDER BY r.distributed_at DESC, r.floor DESC LIMIT $2`,
        [playerId, limit],
      );
    return {
      rewards: rows.map((row) => ({
        floor: row.floor,
        damageDealt: fromThousandths(Number(row.damage)),
        damagePercentage: percent(Number(row.damage), Number(row.floor_damage)),
        rewardAmount: fromThousandths(Number(row.reward_thousandths)),
        distributedAt: row.distributed_at.toISOString(),
      })),
    };
  }

  attack(playerId: number, floorNumber: number): Promise<CitadelAttackResponse> {
    return this.cities.run(playerId, async ({ manager, state, now }) => {
      const bonuses = commanderBonuses(state);
      const power = armyPower(state.army, bonuses);
      if (power <= 0) throw ApiError.badRequest(CitadelMessages.noArmy);
      const [floor]: FloorRow[] = await manager.query(`SELECT * FROM citadel_floors WHERE floor = $1 FOR UPDATE`, [floorNumber]);
      const currentFloor = await this.currentFloor(manager);
      if (!floor || floorNumber > currentFloor) throw ApiError.forbidden(CitadelMessages.floorLocked);
      if (floor.defeated_at) throw new ApiError(HttpStatus.CONFLICT, CitadelMessages.bossDefeated, { newCurrentFloor: currentFloor });

      const attackNumber = await this.countAttack(manager, playerId, now);
      const { damage, ...casualties } = citadelHit(state.army, bonuses, attackNumber, Number(floor.current_hp));
      // Production is settled first: the army's upkeep changes with its losses.
      await bankProduction(manager, state, now);
      await applyLosses(manager, playerId, casualties);
      const remaining = Number(floor.current_hp) - damage;
      await this.recordDamage(manager, playerId, floorNumber, damage, now);
      await manager.query(`UPDATE citadel_floors SET current_hp = $2, defeated_at = $3 WHERE floor = $1`, [
        floorNumber,
        remaining,
        remaining === 0 ? now : null,
      ]);
      // The attack as fought, for its battle report.
      const [{ id: battleId }] = await manager.query(
        `INSERT INTO citadel_attacks (player_id, floor, attack_number, army, bonuses, casualties, damage, boss_hp_before, boss_hp_after, fought_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          playerId,
          floorNumber,
          attackNumber,
          JSON.stringify(state.army),
          JSON.stringify(bonuses),
          JSON.stringify(casualties),
          damage,
          floor.current_hp,
          remaining,
          now,
        ],
      );
      await this.quests.observe(manager, playerId, now);

      let userReward: CitadelAttackResponse['userReward'] = null;
      if (remaining === 0) {
        const shares = await this.payRewards(manager, floor, now);
        userReward = { rewardAmount: fromThousandths(shares.get(playerId) ?? 0) };
        await this.openFloor(manager, floorNumber + 1);
      }
      return {
        battleId: Number(battleId),
        damageDealt: fromThousandths(damage),
        bossDefeated: remaining === 0,
        userReward,
        bossRemainingHp: fromThousandths(remaining),
        newFloorUnlocked: remaining === 0,
        newCurrentFloor: remaining === 0 ? floorNumber + 1 : currentFloor,
        todayAttackCount: attackNumber,
        casualties,
      };
    });
  }

  private async currentFloor(manager: EntityManager): Promise<number> {
    const [{ current_floor }] = await manager.query(`SELECT current_floor FROM citadel_state`);
    return current_floor;
  }

  /** The player's attack number today: the count restarts on a new game day. */
  private async countAttack(manager: EntityManager, playerId: number, now: Date): Promise<number> {
    const today = gameDayKey(now.getTime());
    const [{ today_attack_count }] = await manager.query(
      `INSERT INTO citadel_players (player_id, day, today_attack_count, total_damage) VALUES ($1, $2, 1, 0)
       ON CONFLICT (player_id) DO UPDATE SET
         today_attack_count = CASE WHEN citadel_players.day = $2 THEN citadel_players.today_attack_count + 1 ELSE 1 END, day = $2
       RETURNING today_attack_count`,
      [playerId, today],
    );
    return today_attack_count;
  }

  private async recordDamage(manager: EntityManager, playerId: number, floor: number, damage: number, now: Date): Promise<void> {
    await manager.query(
      `INSERT INTO citadel_damage (floor, player_id, total_damage, attack_count) VALUES ($1, $2, $3, 1)
       ON CONFLICT (floor, player_id) DO UPDATE SET total_damage = citadel_damage.total_damage + $3, attack_count = citadel_damage.attack_count + 1`,
      [floor, playerId, damage],
    );
    await manager.query(`UPDATE citadel_players SET total_damage = total_damage + $2 WHERE player_id = $1`, [playerId, damage]);
    await manager.query(
      `INSERT INTO season_damage (season_id, player_id, total_damage) VALUES ($1, $2, $3)
       ON CONFLICT (season_id, player_id) DO UPDATE SET total_damage = season_damage.total_damage + $3`,
      [seasonAt(now.getTime()).seasonId, playerId, damage],
    );
  }

  /** Boss rewards each player was paid since the game day began (thousandths), for the daily cap. */
  private async paidToday(manager: EntityManager, playerIds: number[], now: Date): Promise<Map<number, number>> {
    const rows: { player_id: string; paid: string }[] = await manager.query(
      `SELECT player_id, sum(reward_thousandths) AS paid FROM citadel_rewards WHERE player_id = ANY($1::bigint[]) AND distributed_at >= $2 GROUP BY player_id`,
      [playerIds, gameDay(now.getTime()).start],
    );
    return new Map(rows.map((row) => [Number(row.player_id), Number(row.paid)]));
  }

  /**
   * The reward split by damage (each participant told their share), each share cut to its player's
   * daily cap. Minted once: the paid shares, and what rounding leaves to the rewards account; what the
   * caps hold back is never minted.
   */
  private async payRewards(manager: EntityManager, floor: FloorRow, now: Date): Promise<Map<number, number>> {
    const rows: DamageRow[] = await manager.query(`SELECT player_id, total_damage FROM citadel_damage WHERE floor = $1`, [floor.floor]);
    const damages = rows.map((row) => ({ playerId: Number(row.player_id), damage: Number(row.total_damage) }));
    const reward = Number(floor.reward_thousandths);
    const {
      paid: shares,
      remainder,
      withheld: heldByCaps,
    } = citadelPayout(
      reward,
      damages,
      await this.paidToday(
        manager,
        damages.map((entry) => entry.playerId),
        now,
      ),
    );
    const { held, free } = await this.drawFromEmission(manager, shares);
    const withheld = heldByCaps + held;
    const credits = (players: number[]) =>
      players
        .map((playerId) => ({ account: { playerId }, asset: 'runik' as const, delta: shares.get(playerId) ?? 0 }))
        .filter((leg) => leg.delta > 0);
    const freeCredits = credits(free);
    const gameOnly = freeCredits.reduce((sum, leg) => sum + leg.delta, 0);
    const reference = `citadel-floor:${floor.floor}`;
    if (reward - withheld - gameOnly > 0) {
      await this.ledger.post(manager, {
        reason: 'citadel-reward',
        reference,
        legs: [
          { account: { system: 'system:mint' }, asset: 'runik', delta: -(reward - withheld - gameOnly) },
          ...credits([...shares.keys()].filter((playerId) => !free.includes(playerId))),
          ...(remainder > 0 ? [{ account: { system: 'system:rewards' as const }, asset: 'runik' as const, delta: remainder }] : []),
        ],
      });
    }
    // Free players' shares are game-only: no budget backs them (docs/decisions.md, "The emission budget").
    if (gameOnly > 0) {
      await this.ledger.post(manager, {
        reason: 'citadel-reward-locked',
        reference,
        legs: [{ account: { system: 'system:mint' }, asset: 'runik', delta: -gameOnly }, ...freeCredits],
      });
      for (const leg of freeCredits) await this.ledger.lockRunik(manager, leg.account.playerId, leg.delta);
    }
    for (const row of rows) {
      await manager.query(
        `INSERT INTO citadel_rewards (floor, player_id, damage, reward_thousandths, distributed_at) VALUES ($1, $2, $3, $4, $5)`,
        [floor.floor, row.player_id, row.total_damage, shares.get(Number(row.player_id)) ?? 0, now],
      );
    }
    await this.notifier.notifyEach(
      manager,
      `citadel-floor:${floor.floor}`,
      rows.map((row) => ({
        playerId: Number(row.player_id),
        kind: 'boss-defeated' as const,
        data: {
          floor: floor.floor,
          damage: fromThousandths(Number(row.total_damage)),
          share: fromThousandths(shares.get(Number(row.player_id)) ?? 0),
        },
      })),
    );
    await this.tellAlliances(manager, floor.floor);
    return shares;
  }

  /** A line in the chat of each alliance whose members fought the boss, naming them by damage dealt. */
  private async tellAlliances(manager: EntityManager, floor: number): Promise<void> {
    const fighters: { alliance_id: number; hive_username: string }[] = await manager.query(
      `SELECT m.alliance_id, p.hive_username FROM citadel_damage d
         JOIN alliance_members m ON m.player_id = d.player_id JOIN players p ON p.id = d.player_id
        WHERE d.floor = $1 ORDER BY m.alliance_id, d.total_damage DESC, p.id`,
      [floor],
    );
    const byAlliance = new Map<number, string[]>();
    for (const fighter of fighters)
      byAlliance.set(Number(fighter.alliance_id), [...(byAlliance.get(Number(fighter.alliance_id)) ?? []), fighter.hive_username]);
    for (const [allianceId, names] of byAlliance) {
      await this.chatLines.write(manager, allianceId, `citadel-floor:${floor}`, AllianceChatLineTexts.bossDefeated(floor, names));
    }
  }

  /**
   * Paid players' rewards can be withdrawn, so each draws from the day's emission budget (within the
   * player's share) and is cut to what it allows; free players' draw nothing and are game-only.
   * Returns what the cuts hold back (never minted) and the free players, and leaves the cut shares in `shares`.
   */
  private async drawFromEmission(manager: EntityManager, shares: Map<number, number>): Promise<{ held: number; free: number[] }> {
    const owed = [...shares].filter(([, share]) => share > 0).map(([playerId]) => playerId);
    const paid: { id: string }[] = await manager.query(`SELECT id FROM players WHERE id = ANY($1::bigint[]) AND activation = 'paid'`, [
      owed,
    ]);
    const asked = new Map(paid.map(({ id }) => [Number(id), shares.get(Number(id)) ?? 0]));
    const drawn = await this.emission.drawEach(manager, asked);
    let held = 0;
    for (const [playerId, share] of asked) {
      const got = drawn.get(playerId) ?? 0;
      shares.set(playerId, got);
      held += share - got;
    }
    return { held, free: owed.filter((playerId) => !asked.has(playerId)) };
  }

  private async openFloor(manager: EntityManager, floor: number): Promise<void> {
    await manager.query(`INSERT INTO citadel_floors (floor, max_hp, current_hp, reward_thousandths) VALUES ($1, $2, $2, $3)`, [
      floor,
      bossMaxHp(floor),
      bossReward(floor),
    ]);
    await manager.query(`UPDATE citadel_state SET current_floor = $1`, [floor]);
  }
}

/** The floor everyone is on, a player's progress, every share of its reward and the boss rewards paid since `$2`. */
const standingStatement = preparedSql<{
  current_floor: number;
  reward_thousandths: string;
  current_hp: string;
  day: string | null;
  today_attack_count: number | null;
  total_damage: string | null;
  damages: { playerId: number; damage: number }[];
  paid_today: string;
}>(
  `SELECT s.current_floor, f.reward_thousandths, f.current_hp, cp.day, cp.today_attack_count, cp.total_damage,
        (SELECT coalesce(json_agg(json_build_object('playerId', d.player_id, 'damage', d.total_damage)), '[]') FROM citadel_damage d WHERE d.floor = s.current_floor) AS damages,
        (SELECT coalesce(sum(r.reward_thousandths), 0) FROM citadel_rewards r WHERE r.player_id = $1 AND r.distributed_at >= $2)::text AS paid_today
       FROM citadel_state s JOIN citadel_floors f ON f.floor = s.current_floor LEFT JOIN citadel_players cp ON cp.player_id = $1`,
);

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100;
}

/** The next hit as the attack would deal it (citadelHit), and roughly how many it takes to fell the boss (docs/citadel.md, "The preview"). */
function citadelPreviewDto(state: CityState, bossHpLeft: number, nextAttackNumber: number): CitadelPreview {
  const bonuses = commanderBonuses(state);
  const hit = citadelHit(state.army, bonuses, nextAttackNumber, bossHpLeft);
  return {
    damagePerHit: fromThousandths(hit.damage),
    bossHpLeft: fromThousandths(bossHpLeft),
    hitsToDefeat: hitsToDefeat(state.army, bonuses, bossHpLeft),
    nextHitCasualties: { dead: hit.dead, injured: hit.injured },
  };
}
