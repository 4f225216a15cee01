import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  currentOrNextWar,
  noTroops,
  THRONE_FULL_CONTROL_SECONDS,
  THRONE_REWARD_LEVELS,
  THRONE_SLOTS,
  ThroneSlot,
  throneRewardLevels,
  warSchedule,
  winningSlot,
} from '@runik/rules';
import { AllianceChatLineTexts } from '@runik/contract';
import type { NotificationDataByKind } from '@runik/contract';
import { bankProduction } from '../city/city-state';
import { CityTransactions } from '../city/city-transactions';
import { Clock } from '../core/clock/clock';
import { JobHandler, ScheduledJob } from '../core/queues/job-handlers';
import { Queues, ScheduledJobs } from '../core/queues/queues';
import { Notifier } from '../notifications/notifier';
import { AllianceChatLines } from '../alliance-chat/chat-lines';
import { usernameOf } from '../players/player-names';
import { ThroneAlarm } from './throne-alarm';
import { fightForThrone } from './throne-battle';
import {
  addToGarrison,
  garrisonOf,
  HeldTroops,
  latestWar,
  moveArmy,
  openDueWar,
  RallyRow,
  rallyTroopsOf,
  updateWar,
  WarRow,
  warParticipantIds,
} from './throne-rows';
import { retryingTransaction } from '../core/database/transaction';

export interface ThroneContext {
  manager: EntityManager;
  /** The latest war, locked and up to date with `now`; null before the first vote opens. */
  war: WarRow | null;
  now: Date;
}

/** Something the war has due: each is applied, as of its own moment, in a transaction of its own. */
type DueEvent =
  | { kind: 'close-voting'; at: Date }
  | { kind: 'start-battle'; at: Date }
  | { kind: 'rally-marches'; at: Date; rally: RallyRow }
  | { kind: 'full-control'; at: Date }
  | { kind: 'battle-ends'; at: Date };

/**
 * The war's clock. Every throne action and every worker tick takes the latest war row first (one
 * at a time for the whole game) and applies what fell due since, oldest first: voting closes,
 * the battle starts, rallies march, full control is reached, the war completes with its rewards.
 * Each transition is guarded by the war's stored state, so however many workers and requests run
 * it, it happens once; it does not matter who notices it first.
 */
@Injectable()
export class ThroneEngine {
  private readonly logger = new Logger(ThroneEngine.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cities: CityTransactions,
    private readonly clock: Clock,
    private readonly alarm: ThroneAlarm,
    private readonly notifier: Notifier,
    private readonly chatLines: AllianceChatLines,
  ) {}

  /**
   * Brings the war up to now (the worker's jobs): ticks at the calendar's moments (UTC: voting opens
   * at 00:01 and closes at 00:00, battles start on the slots), the alarm's wake-ups, and a minute
   * safety net for anything an alarm missed (Redis refused it, or time was spent down), also run
   * when the worker starts.
   */
  @ScheduledJob(ScheduledJobs.throneVotingOpens, { pattern: '1 0 * * *', tz: 'UTC' })
  @ScheduledJob(ScheduledJobs.throneVotingCloses, { pattern: '0 0 * * *', tz: 'UTC' })
  @ScheduledJob(ScheduledJobs.throneBattleStarts, {
    pattern: `0 ${THRONE_SLOTS.map((slot) => slot.split(':')[0]).join(',')} * * *`,
    tz: 'UTC',
  })
  @ScheduledJob(ScheduledJobs.throneCatchUp, { every: 60_000 }, { runAtStart: true })
  @JobHandler(Queues.schedules, ScheduledJobs.throneAdvance)
  advance(): Promise<void> {
    return this.run(async () => undefined);
  }

  /** Brings the war up to now, cheaply when nothing is due (reads call it on every status poll). */
  async advanceIfDue(): Promise<void> {
    const now = this.clock.now();
    const war = await latestWar(this.dataSource.manager);
    const dueAt = war ? await nextEventAt(this.dataSource.manager, war) : null;
    const calendar = currentOrNextWar(now.getTime());
    const votingOpened = now >= calendar.votingOpensAt && (!war || war.war_date < calendar.warDate);
    if ((dueAt && dueAt <= now) || votingOpened) await this.advance();
  }

  /** A throne action: the war row held and up to date, then the work, in one transaction. */
  async run<T>(work: (context: ThroneContext) => Promise<T>): Promise<T> {
    for (;;) {
      const step = await retryingTransaction(this.dataSource, async (manager) => {
        const war = await latestWar(manager, true);
        const now = this.clock.now();
        const event = war ? await dueEvent(manager, war, now) : null;
        if (war && event) {
          await this.apply(manager, war, event);
          return { done: false as const };
        }
        // Only once the latest war has caught up (even after days with nothing running) may the next one open.
        const opened = await openDueWar(manager, now);
        if (opened) {
          await this.announce(manager, opened, 'throne-voting-opened', {
            warId: opened.id,
            warDate: opened.war_date,
            votingClosesAt: opened.voting_closes_at.toISOString(),
          });
          return { done: false as const };
        }
        const result = await work({ manager, war, now });
        return { done: true as const, result, wakeAt: war ? await nextEventAt(manager, war) : null };
      });
      if (step.done) {
        if (step.wakeAt) await this.alarm.wakeAt(step.wakeAt);
        return step.result;
      }
    }
  }

  private async apply(manager: EntityManager, war: WarRow, event: DueEvent): Promise<void> {
    this.logger.log(`Throne war ${war.war_date}: ${event.kind} at ${event.at.toISOString()}`);
    switch (event.kind) {
      case 'close-voting': {
        const startTime = await battleStart(manager, war);
        await updateWar(manager, war, { status: 'waiting', start_time: startTime });
        return this.announce(manager, war, 'throne-voting-closed', {
          warId: war.id,
          warDate: war.war_date,
          battleStartsAt: startTime.toISOString(),
        });
      }
      case 'start-battle': {
        await updateWar(manager, war, { status: 'active' });
        return this.announce(manager, war, 'throne-battle-started', {
          warId: war.id,
          warDate: war.war_date,
          battleEndsAt: war.battle_ends_at.toISOString(),
        });
      }
      case 'rally-marches':
        return this.march(manager, war, event.rally, event.at);
      case 'full-control':
        await updateWar(manager, war, { full_control_at: event.at });
        return this.complete(manager, war, event.at);
      case 'battle-ends':
        return this.complete(manager, war, event.at);
    }
  }

  /** A phase of the war, told to every player in an alliance (see warParticipantIds). */
  private async announce<K extends 'throne-voting-opened' | 'throne-voting-closed' | 'throne-battle-started'>(
    manager: EntityManager,
    war: WarRow,
    kind: K,
    data: NotificationDataByKind[K],
  ): Promise<void> {
    await this.notifier.notify(manager, await warParticipantIds(manager), kind, warSource(war), data);
  }

  /**
   * A rally at its launch time: it fights the garrison, or reinforces it if its alliance took the
   * throne meanwhile, and its participants hear which, with their losses; a rally whose alliance
   * was disbanded goes home (its members heard of the disbanding).
   */
  private async march(manager: EntityManager, war: WarRow, rally: RallyRow, at: Date): Promise<void> {
    const attackers = await rallyTroopsOf(manager, rally.id);
    const garrison = await garrisonOf(manager, war.id);
    const battle = await this.cities.within(
      manager,
      [...attackers, ...garrison].map((entry) => entry.playerId),
      async ({ states }) => {
        if (rally.alliance_id === null) {
          for (const entry of attackers) await moveArmy(manager, entry, 1);
          return null;
        }
        if (rally.alliance_id === war.occupier_alliance_id) {
          for (const entry of attackers) await addToGarrison(manager, war.id, entry);
          return null;
        }
        const byId = new Map(states.map((state) => [state.playerId, state]));
        return fightForThrone(
          manager,
          this.notifier,
          war,
          { kind: 'rally', rallyId: rally.id, allianceId: rally.alliance_id, attackers },
          garrison,
          byId,
          at,
        );
      },
    );
    await manager.query(`UPDATE throne_rallies SET status = $2, closed_at = $3 WHERE id = $1`, [
      rally.id,
      rally.alliance_id === null ? 'returned' : 'marched',
      at,
    ]);
    if (rally.alliance_id === null) return;
    const leader = await usernameOf(manager, Number(rally.creator_id));
    await this.chatLines.write(
      manager,
      rally.alliance_id,
      `rally:${rally.id}`,
      battle ? AllianceChatLineTexts.rallyFought(leader, battle.winner === 'attacker') : AllianceChatLineTexts.rallyReinforced(leader),
    );
    await this.notifier.notifyEach(
      manager,
      `rally:${rally.id}`,
      attackers.map(({ playerId }) => {
        const mine = battle?.attackers.find((result) => result.playerId === playerId);
        return {
          playerId,
          kind: 'rally-launched' as const,
          data: {
            rallyId: rally.id,
            battleId: battle?.battleId ?? null,
            winner: battle?.winner ?? null,
            dead: mine?.dead ?? noTroops(),
            injured: mine?.injured ?? noTroops(),
          },
        };
      }),
    );
  }

  /**
   * The war ends: whoever holds the throne wins and its leader is king; every troop still in the
   * throne or a gathering rally goes home; the winners' buildings rise (leader +2, members +1),
   * each grant recorded. The status guard makes this happen once.
   */
  private async complete(manager: EntityManager, war: WarRow, at: Date): Promise<void> {
    const garrison = await garrisonOf(manager, war.id);
    const rallies: { id: number }[] = await manager.query(`SELECT id FROM throne_rallies WHERE war_id = $1 AND status = 'gathering'`, [
      war.id,
    ]);
    const rallied: HeldTroops[] = [];
    for (const rally of rallies) rallied.push(...(await rallyTroopsOf(manager, rally.id)));
    const winners = await winnersOf(manager, war.occupier_alliance_id);

    await this.cities.within(
      manager,
      [...garrison, ...rallied, ...winners.members].map((entry) => entry.playerId),
      async ({ states, now }) => {
        for (const entry of [...garrison, ...rallied]) await moveArmy(manager, entry, 1);
        for (const state of states.filter((candidate) => winners.members.some((member) => member.playerId === candidate.playerId))) {
          const role = state.playerId === winners.leaderId ? 'leader' : 'member';
          const raised = throneRewardLevels(state.chLevel, state.levels, THRONE_REWARD_LEVELS[role]);
          // Production so far is banked at the old levels; the new ones count from now.
          await bankProduction(manager, state, now);
          await manager.query(`UPDATE cities SET ch_level = $2, building_levels = $3 WHERE player_id = $1`, [
            state.playerId,
            raised.chLevel,
            JSON.stringify(raised.levels),
          ]);
          await manager.query(
            `INSERT INTO throne_rewards (war_id, player_id, alliance_id, role, levels_granted, before, after, granted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              war.id,
              state.playerId,
              war.occupier_alliance_id,
              role,
              THRONE_REWARD_LEVELS[role],
              JSON.stringify({ chLevel: state.chLevel, levels: state.levels }),
              JSON.stringify(raised),
              now,
            ],
          );
          await this.notifier.notify(manager, state.playerId, 'throne-rewards', warSource(war), {
            warId: war.id,
            levels: THRONE_REWARD_LEVELS[role],
          });
        }
      },
    );
    await manager.query(`DELETE FROM throne_garrison WHERE war_id = $1`, [war.id]);
    await manager.query(`UPDATE throne_rallies SET status = 'returned', closed_at = $2 WHERE war_id = $1 AND status = 'gathering'`, [
      war.id,
      at,
    ]);
    await updateWar(manager, war, {
      status: 'completed',
      completed_at: at,
      winner_alliance_id: war.occupier_alliance_id,
      winner_name: winners.name,
      winner_tag: winners.tag,
      king_name: winners.leaderName,
    });
  }
}

/** What a war's notifications are about: each kind once per war and player. */
const warSource = (war: WarRow) => `throne-war:${war.id}`;

/** The winning alliance as the war ends: its name, tag, leader (the king) and members. */
async function winnersOf(
  manager: EntityManager,
  allianceId: number | null,
): Promise<{
  name: string | null;
  tag: string | null;
  leaderId: number | null;
  leaderName: string | null;
  members: { playerId: number }[];
}> {
  if (allianceId === null) return { name: null, tag: null, leaderId: null, leaderName: null, members: [] };
  const [alliance] = await manager.query(
    `SELECT a.name, a.tag, a.leader_id, p.hive_username FROM alliances a JOIN players p ON p.id = a.leader_id WHERE a.id = $1 FOR SHARE OF a`,
    [allianceId],
  );
  const members: { player_id: string }[] = await manager.query(`SELECT player_id FROM alliance_members WHERE alliance_id = $1 FOR SHARE`, [
    allianceId,
  ]);
  return {
    name: alliance.name,
    tag: alliance.tag,
    leaderId: Number(alliance.leader_id),
    leaderName: alliance.hive_username,
    members: members.map((member) => ({ playerId: Number(member.player_id) })),
  };
}

/** The slot with the most votes (ties to the earliest, none to 13:00) on the war day. */
async function battleStart(manager: EntityManager, war: WarRow): Promise<Date> {
  const rows: { time_slot: ThroneSlot; votes: number }[] = await manager.query(
    `SELECT time_slot, count(*)::int AS votes FROM throne_votes WHERE war_id = $1 GROUP BY time_slot`,
    [war.id],
  );
  const slot = winningSlot(Object.fromEntries(rows.map((row) => [row.time_slot, row.votes])));
  return warSchedule(war.war_date).slotStarts[slot];
}

/** The earliest thing the war has due by `now`, if any. */
async function dueEvent(manager: EntityManager, war: WarRow, now: Date): Promise<DueEvent | null> {
  const event = await nextEvent(manager, war);
  return event && event.at <= now ? event : null;
}

async function nextEventAt(manager: EntityManager, war: WarRow): Promise<Date | null> {
  return (await nextEvent(manager, war))?.at ?? null;
}

/**
 * What happens next to the war, and when. During the battle: the earliest of the next rally's
 * march, full control (held THRONE_FULL_CONTROL_SECONDS without a break) and the battle's end;
 * at a tie full control comes first (the holder made it), then the end (a rally marching then is too late).
 */
async function nextEvent(manager: EntityManager, war: WarRow): Promise<DueEvent | null> {
  if (war.status === 'voting') return { kind: 'close-voting', at: war.voting_closes_at };
  if (war.status === 'waiting') return { kind: 'start-battle', at: war.start_time! };
  if (war.status === 'completed') return null;
  const candidates: DueEvent[] = [];
  if (war.occupied_since && war.occupier_alliance_id !== null) {
    candidates.push({ kind: 'full-control', at: new Date(war.occupied_since.getTime() + THRONE_FULL_CONTROL_SECONDS * 1000) });
  }
  candidates.push({ kind: 'battle-ends', at: war.battle_ends_at });
  const [rally]: RallyRow[] = await manager.query(
    `SELECT * FROM throne_rallies WHERE war_id = $1 AND status = 'gathering' ORDER BY launch_at, id LIMIT 1`,
    [war.id],
  );
  if (rally) candidates.push({ kind: 'rally-marches', at: rally.launch_at, rally });
  return candidates.reduce((earliest, candidate) => (candidate.at < earliest.at ? candidate : earliest));
}
