import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  currentOrNextWar,
  fromThousandths,
  hasTroops,
  THRONE_FULL_CONTROL_SECONDS,
  THRONE_RALLY_GATHER_SECONDS,
  ThroneSlot,
  Troops,
  UNIT_KEYS,
  warAfter,
} from '@runik/rules';
import { ThroneMessages } from '@runik/contract';
import type {
  NextThroneWarResponse,
  ThroneActionResponse,
  ThroneAttackResponse,
  ThroneParticipantsResponse,
  ThroneRallyCreateResponse,
  ThroneStatusResponse,
  ThroneTroopsResponse,
  ThroneUserResponse,
  ThroneVoteResponse,
} from '@runik/contract';
import { loadCity, withFinishedTraining } from '../city/city-state';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { isUniqueViolation } from '../core/database/pg-errors';
import { ApiError } from '../core/errors/api-error';
import { Notifier } from '../notifications/notifier';
import { usernameOf } from '../players/player-names';
import { fightForThrone } from './throne-battle';
import { ThroneContext, ThroneEngine } from './throne-engine';
import {
  addToGarrison,
  assertCovers,
  findRally,
  garrisonOf,
  HeldTroops,
  latestWar,
  memberIdsOf,
  membershipOf,
  moveArmy,
  RallyRow,
  rallyTroopsOf,
  setGarrison,
  WarRow,
} from './throne-rows';
import { throneWarView } from './throne-view';

/** An action in the battle: the war is active, the player in an alliance. */
interface BattleContext extends ThroneContext {
  war: WarRow;
  allianceId: number;
}

/**
 * Throne Wars calls. Every change runs through the engine: the war row is held and brought up to
 * date first, so a vote after the close, a join after the march or an attack after full control
 * is refused however late the worker is. Troops committed leave the army at once and come back
 * by withdraw, disband, recall, a battle won, or the war's end.
 */
@Injectable()
export class ThroneService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly engine: ThroneEngine,
    private readonly cities: CityTransactions,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
  ) {}

  async status(): Promise<ThroneStatusResponse> {
    await this.engine.advanceIfDue();
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const war = await latestWar(manager);
      return {
        throneWars: war ? await throneWarView(manager, war) : null,
        config: { THRONE_FULL_CONTROL: THRONE_FULL_CONTROL_SECONDS, THRONE_RALLY_GATHER: THRONE_RALLY_GATHER_SECONDS },
        serverTime: this.clock.now().toISOString(),
      };
    });
  }

  async troops(playerId: number): Promise<ThroneTroopsResponse> {
    const stored = await loadCity(this.dataSource.manager, playerId);
    if (!stored) throw ApiError.notFound('City not found');
    return { available: withFinishedTraining(stored, this.clock.now()).state.army };
  }

  async user(playerId: number, hiveUsername: string): Promise<ThroneUserResponse> {
    const [row] = await this.dataSource.query(
      `SELECT a.id, a.name, a.tag, a.leader_id FROM alliance_members m JOIN alliances a ON a.id = m.alliance_id WHERE m.player_id = $1`,
      [playerId],
    );
    return {
      hiveUsername,
      allianceId: row ? row.id : null,
      allianceName: row?.name ?? null,
      allianceTag: row?.tag ?? null,
      isLeader: row ? Number(row.leader_id) === playerId : false,
    };
  }

  /** The war after the current one once it is over; until then the current one. */
  async nextVoting(): Promise<NextThroneWarResponse> {
    const now = this.clock.now();
    const war = await latestWar(this.dataSource.manager);
    let next = currentOrNextWar(now.getTime());
    if (war && war.status === 'completed' && war.war_date >= next.warDate) next = warAfter(war.war_date);
    return {
      nextThroneWarDate: next.votingClosesAt.toISOString(),
      votingStartsAt: next.votingOpensAt.toISOString(),
      votingEndsAt: next.votingClosesAt.toISOString(),
    };
  }

  /** A rally's troops are its own alliance's business. */
  async rallyDetails(playerId: number, rallyId: number): Promise<ThroneParticipantsResponse> {
    const manager = this.dataSource.manager;
    const rally = await findRally(manager, rallyId);
    const membership = await membershipOf(manager, playerId);
    if (membership?.allianceId !== rally.alliance_id) throw ApiError.forbidden(ThroneMessages.rallyOfAnotherAlliance);
    return participants(manager, await rallyTroopsOf(manager, rallyId));
  }

  async garrisonDetails(playerId: number): Promise<ThroneParticipantsResponse> {
    const manager = this.dataSource.manager;
    const war = await latestWar(manager);
    const membership = await membershipOf(manager, playerId);
    if (!war || war.occupier_alliance_id === null || membership?.allianceId !== war.occupier_alliance_id)
      throw ApiError.forbidden(ThroneMessages.garrisonHidden);
    return participants(manager, await garrisonOf(manager, war.id));
  }

  /** Leaders only, while voting is open; an alliance's vote is final (the primary key). */
  vote(playerId: number, timeSlot: ThroneSlot): Promise<ThroneVoteResponse> {
    return this.engine.run(async ({ manager, war, now }) => {
      if (!war || war.status !== 'voting') throw ApiError.conflict(ThroneMessages.votingClosed);
      const membership = await membershipOf(manager, playerId);
      if (!membership) throw ApiError.forbidden(ThroneMessages.needsAllianceToVote);
      if (!membership.isLeader) throw ApiError.forbidden(ThroneMessages.leadersVote);
      try {
        await manager.query(`INSERT INTO throne_votes (war_id, alliance_id, time_slot, voted_by, voted_at) VALUES ($1, $2, $3, $4, $5)`, [
          war.id,
          membership.allianceId,
          timeSlot,
          playerId,
          now,
        ]);
      } catch (error) {
        throw isUniqueViolation(error, 'throne_votes_pkey') ? ApiError.conflict(ThroneMessages.alreadyVoted) : error;
      }
      return { success: true, message: ThroneMessages.voted(timeSlot), timeSlot };
    });
  }

  soloAttack(playerId: number, troops: Troops): Promise<ThroneAttackResponse> {
    return this.inBattle(playerId, async ({ manager, war, allianceId }) => {
      if (war.occupier_alliance_id === allianceId) throw ApiError.forbidden(ThroneMessages.occupierCannotAttack);
      assertSomeTroops(troops);
      const garrison = await garrisonOf(manager, war.id);
      const defenderId = war.occupier_alliance_id;
      return this.cities.within(manager, [playerId, ...garrison.map((entry) => entry.playerId)], async ({ states, now }) => {
        const attacker = { playerId, troops };
        await takeFromArmy(manager, states[0].army, attacker);
        const outcome = await fightForThrone(
          manager,
          this.notifier,
          war,
          { kind: 'solo', rallyId: null, allianceId, attackers: [attacker] },
          garrison,
          new Map(states.map((state) => [state.playerId, state])),
          now,
        );
        const winner = await allianceName(manager, outcome.winner === 'attacker' ? allianceId : defenderId);
        const mine = outcome.attackers[0];
        return {
          success: true,
          message: ThroneMessages.attacked(winner),
          result: {
            battleId: outcome.battleId,
            winner,
            outcome: outcome.winner,
            attackerPower: fromThousandths(outcome.attackerPower),
            defenderPower: fromThousandths(outcome.defenderPower),
            dead: mine.dead,
            injured: mine.injured,
            survivors: mine.survivors,
          },
        };
      });
    });
  }

  garrison(playerId: number, troops: Troops): Promise<ThroneActionResponse> {
    return this.inBattle(playerId, async ({ manager, war, allianceId }) => {
      if (war.occupier_alliance_id !== allianceId) throw ApiError.forbidden(ThroneMessages.notOccupier);
      assertSomeTroops(troops);
      await this.cities.within(manager, [playerId], async ({ states: [state] }) => {
        await takeFromArmy(manager, state.army, { playerId, troops });
        await addToGarrison(manager, war.id, { playerId, troops });
      });
      return { success: true, message: ThroneMessages.garrisoned };
    });
  }

  /** Your own troops out of the throne, whichever alliance you are in now. */
  recall(playerId: number, troops: Troops): Promise<ThroneActionResponse> {
    return this.engine.run(async ({ manager, war }) => {
      assertBattleOn(war);
      assertSomeTroops(troops);
      const mine = (await garrisonOf(manager, war.id)).find((entry) => entry.playerId === playerId);
      const held = mine?.troops ?? { infantry: 0, archers: 0, cavalries: 0 };
      assertCovers(held, troops, ThroneMessages.notEnoughGarrisoned);
      await this.cities.within(manager, [playerId], async () => {
        const left = { ...held };
        for (const unit of UNIT_KEYS) left[unit] -= troops[unit];
        await setGarrison(manager, war.id, { playerId, troops: left });
        await moveArmy(manager, { playerId, troops }, 1);
      });
      return { success: true, message: ThroneMessages.recalled };
    });
  }

  /** One gathering rally per alliance (a partial unique index); it marches THRONE_RALLY_GATHER_SECONDS later. */
  createRally(playerId: number, troops: Troops): Promise<ThroneRallyCreateResponse> {
    return this.inBattle(playerId, async ({ manager, war, allianceId, now }) => {
      if (war.occupier_alliance_id === allianceId) throw ApiError.forbidden(ThroneMessages.occupierCannotRally);
      assertSomeTroops(troops);
      const launchAt = new Date(now.getTime() + THRONE_RALLY_GATHER_SECONDS * 1000);
      if (launchAt >= war.battle_ends_at) throw ApiError.conflict(ThroneMessages.rallyTooLate);
      return this.cities.within(manager, [playerId], async ({ states: [state] }) => {
        await takeFromArmy(manager, state.army, { playerId, troops });
        let rallyId: number;
        try {
          [{ id: rallyId }] = await manager.query(
            `INSERT INTO throne_rallies (war_id, alliance_id, alliance_name, creator_id, status, created_at, launch_at)
             SELECT $1, a.id, a.name, $3, 'gathering', $4, $5 FROM alliances a WHERE a.id = $2 RETURNING id`,
            [war.id, allianceId, playerId, now, launchAt],
          );
        } catch (error) {
          throw isUniqueViolation(error, 'throne_rallies_one_gathering') ? ApiError.conflict(ThroneMessages.rallyExists) : error;
        }
        await addRallyTroops(manager, rallyId, { playerId, troops }, now);
        const others = (await memberIdsOf(manager, allianceId)).filter((id) => id !== playerId);
        await this.notifier.notify(manager, others, 'rally-created', `rally:${rallyId}`, {
          rallyId,
          leader: await usernameOf(manager, playerId),
          launchAt: launchAt.toISOString(),
        });
        return { success: true, message: ThroneMessages.rallyCreated(rallyId), rallyId, rallyLaunchTime: launchAt.toISOString() };
      });
    });
  }

  joinRally(playerId: number, rallyId: number, troops: Troops): Promise<ThroneActionResponse> {
    return this.inBattle(playerId, async ({ manager, war, allianceId, now }) => {
      const rally = await gatheringRally(manager, rallyId);
      if (rally.alliance_id !== allianceId) throw ApiError.forbidden(ThroneMessages.rallyOfAnotherAlliance);
      if (war.occupier_alliance_id === allianceId) throw ApiError.forbidden(ThroneMessages.occupierCannotRally);
      assertSomeTroops(troops);
      await this.cities.within(manager, [playerId], async ({ states: [state] }) => {
        await takeFromArmy(manager, state.army, { playerId, troops });
        try {
          await addRallyTroops(manager, rallyId, { playerId, troops }, now);
        } catch (error) {
          throw isUniqueViolation(error, 'throne_rally_troops_pkey') ? ApiError.conflict(ThroneMessages.alreadyInRally) : error;
        }
      });
      // A member may withdraw and join again: each joining is news to the leader.
      await this.notifier.notify(manager, Number(rally.creator_id), 'rally-joined', `rally-join:${rallyId}:${playerId}:${now.getTime()}`, {
        rallyId,
        member: await usernameOf(manager, playerId),
        troops,
      });
      return { success: true, message: ThroneMessages.joined };
    });
  }

  withdraw(playerId: number, rallyId: number): Promise<ThroneActionResponse> {
    return this.engine.run(async ({ manager }) => {
      const rally = await gatheringRally(manager, rallyId);
      if (Number(rally.creator_id) === playerId) throw ApiError.forbidden(ThroneMessages.creatorCannotWithdraw);
      const mine = (await rallyTroopsOf(manager, rallyId)).find((entry) => entry.playerId === playerId);
      if (!mine) throw ApiError.forbidden(ThroneMessages.notInRally);
      await this.cities.within(manager, [playerId], async () => {
        await manager.query(`DELETE FROM throne_rally_troops WHERE rally_id = $1 AND player_id = $2`, [rallyId, playerId]);
        await moveArmy(manager, mine, 1);
      });
      return { success: true, message: ThroneMessages.withdrew };
    });
  }

  /** The creator only; every participant's troops go home. */
  disband(playerId: number, rallyId: number): Promise<ThroneActionResponse> {
    return this.engine.run(async ({ manager, now }) => {
      const rally = await gatheringRally(manager, rallyId);
      if (Number(rally.creator_id) !== playerId) throw ApiError.forbidden(ThroneMessages.onlyCreatorDisbands);
      const entries = await rallyTroopsOf(manager, rallyId);
      await this.cities.within(
        manager,
        entries.map((entry) => entry.playerId),
        async () => {
          for (const entry of entries) await moveArmy(manager, entry, 1);
        },
      );
      await manager.query(`UPDATE throne_rallies SET status = 'disbanded', closed_at = $2 WHERE id = $1`, [rallyId, now]);
      return { success: true, message: ThroneMessages.disbanded };
    });
  }

  /** Attack actions need an alliance and an active throne (spec section 5). */
  private inBattle<T>(playerId: number, work: (context: BattleContext) => Promise<T>): Promise<T> {
    return this.engine.run(async (context) => {
      const membership = await membershipOf(context.manager, playerId);
      if (!membership) throw ApiError.forbidden(ThroneMessages.needsAlliance);
      assertBattleOn(context.war);
      return work({ ...context, war: context.war, allianceId: membership.allianceId });
    });
  }
}

function assertBattleOn(war: WarRow | null): asserts war is WarRow {
  if (!war || war.status !== 'active') throw ApiError.conflict(ThroneMessages.notActive);
}

function assertSomeTroops(troops: Troops): void {
  if (!hasTroops(troops)) throw ApiError.badRequest(ThroneMessages.noTroops);
}

/** The chosen troops leave the army: the city is held, so the check stands until commit. */
async function takeFromArmy(manager: EntityManager, army: Troops, entry: HeldTroops): Promise<void> {
  assertCovers(army, entry.troops, ThroneMessages.notEnoughTroops);
  await moveArmy(manager, entry, -1);
}

async function addRallyTroops(manager: EntityManager, rallyId: number, { playerId, troops }: HeldTroops, now: Date): Promise<void> {
  await manager.query(
    `INSERT INTO throne_rally_troops (rally_id, player_id, infantry, archers, cavalries, joined_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [rallyId, playerId, troops.infantry, troops.archers, troops.cavalries, now],
  );
}

/** A rally still gathering: one that marched (or went home) takes nobody any more. */
async function gatheringRally(manager: EntityManager, rallyId: number): Promise<RallyRow> {
  const rally = await findRally(manager, rallyId);
  if (rally.status === 'marched') throw ApiError.conflict(ThroneMessages.rallyLaunched);
  if (rally.status !== 'gathering') throw ApiError.notFound(ThroneMessages.rallyNotFound);
  return rally;
}

async function allianceName(manager: EntityManager, allianceId: number | null): Promise<string> {
  if (allianceId === null) return 'Unknown';
  const [row] = await manager.query(`SELECT name FROM alliances WHERE id = $1`, [allianceId]);
  return row?.name ?? 'Unknown';
}

async function participants(manager: EntityManager, entries: HeldTroops[]): Promise<ThroneParticipantsResponse> {
  const names: { id: string; hive_username: string }[] = await manager.query(`SELECT id, hive_username FROM players WHERE id = ANY($1)`, [
    entries.map((entry) => entry.playerId),
  ]);
  const nameOf = new Map(names.map((row) => [Number(row.id), row.hive_username]));
  return { participants: entries.map((entry) => ({ hiveUsername: nameOf.get(entry.playerId)!, troops: entry.troops })) };
}
