import { Queue } from 'bullmq';
import { ApiRoutes, QUEST_TITLES } from '@runik/contract';
import type { NotificationDataByKind, NotificationKind } from '@runik/contract';
import { bossMaxHp, bossReward, fromThousandths, THRONE_FULL_CONTROL_SECONDS, Troops } from '@runik/rules';
import { Queues, ScheduledJobs } from '@runik/server/queues';
import { addMembers, allowMembersToInvite, invitationFrom, newAlliance, requestToJoin, setMaxMembers } from '../support/alliance';
import { setArmy } from '../support/attack';
import { CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { inboxOf } from '../support/notifications';
import { startStack, Stack } from '../support/stack';
import {
  createRally,
  joinRally,
  makeRallyDue,
  moveWarMoment,
  newFighter,
  newThroneAlliance,
  ok,
  rallyRow,
  seedVotingWar,
  soloAttack,
  throneStatus,
  troops,
  warRow,
} from '../support/throne';

// A stack of its own: it runs the one throne war's phases and fells a citadel boss, both everybody's.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

/**
 * The social and competitive notifications, each produced by its one real cause (an alliance call,
 * a rally, the war's engine, a citadel boss falling) through the real api and worker: each reaches
 * exactly its players, with the numbers stored for the event, and once however often the cause is
 * looked at again. The phase that opens a war's voting follows the real calendar, so it is shown on
 * the injectable clock in libs/server's throne.service.spec.ts.
 */

type Received = [NotificationKind, unknown];

/** Everything in the player's inbox (all of it fits one page here), oldest first, as kind and data. */
async function received(player: CityPlayer): Promise<Received[]> {
  const { notifications } = await inboxOf(player, { limit: 100 });
  return notifications.reverse().map((notification) => [notification.kind, notification.data]);
}

const notice = <K extends NotificationKind>(kind: K, data: NotificationDataByKind[K]): Received => [kind, data];

const memberAction = (route: string) => (leader: CityPlayer, target: CityPlayer, allianceId: number) =>
  leader.api.post(route, { leaderUsername: leader.username, targetUsername: target.username, allianceId });
const reject = memberAction(ApiRoutes.allianceReject);
const kick = memberAction(ApiRoutes.allianceKick);

async function expectOk(call: Promise<{ status: number; data: unknown }>): Promise<void> {
  const { status, data } = await call;
  expect({ status, data }).toMatchObject({ status: 200 });
}

/** Queues the worker's throne tick `count` times and waits until every one has run. */
async function runThroneTicks(count: number): Promise<void> {
  const queue = new Queue(Queues.schedules, { connection: { url: 'redis://127.0.0.1:6379' }, prefix: `${stack.redisPrefix}-bull` });
  try {
    await Promise.all(Array.from({ length: count }, () => queue.add(ScheduledJobs.throneAdvance, {})));
    await eventually(
      () => queue.getJobCounts('waiting', 'active', 'prioritized'),
      (counts) => counts.waiting + counts.active + counts.prioritized === 0,
      30_000,
    );
  } finally {
    await queue.close();
  }
}

describe('alliance notifications', () => {
  it('tells the leader of a request, the applicant of the answer, the members of a newcomer, the kicked and the disbanded; nobody else', async () => {
    const [leader, first, invited, late, refused, bystander] = [
      await newCityPlayer(stack, 'nal'),
      await newCityPlayer(stack, 'naf'),
      await newCityPlayer(stack, 'nai'),
      await newCityPlayer(stack, 'nat'),
      await newCityPlayer(stack, 'nar'),
      await newCityPlayer(stack, 'nab'),
    ];
    const alliance = await newAlliance(stack, leader);
    await setMaxMembers(stack, alliance, 5);
    const about = { allianceId: alliance.id, allianceName: alliance.name };

    await addMembers(leader, alliance, [first]);
    await allowMembersToInvite(leader, alliance);
    const token = await invitationFrom(first, alliance);
    await requestToJoin(invited, alliance);
    // The request was sent without the link; the leader turns it down, and the link then lets the player in.
    await expectOk(reject(leader, invited, alliance.id));
    await expectOk(
      invited.api.post(ApiRoutes.allianceJoin, { hiveUsername: invited.username, allianceId: alliance.id, inviteToken: token }),
    );
    await addMembers(leader, alliance, [late]);
    // Asked twice, refused twice: each refusal is news.
    for (let attempt = 0; attempt < 2; attempt++) {
      await requestToJoin(refused, alliance);
      await expectOk(reject(leader, refused, alliance.id));
    }
    await expectOk(kick(leader, late, alliance.id));
    await expectOk(leader.api.post(ApiRoutes.allianceDisband, { hiveUsername: leader.username, allianceId: alliance.id }));

    expect(await received(leader)).toEqual([
      notice('alliance-join-request', { ...about, applicant: first.username }),
      notice('alliance-join-request', { ...about, applicant: invited.username }),
      // The invited player came in by the link: the leader did not let them in, so hears of it.
      notice('alliance-new-member', { ...about, member: invited.username }),
      notice('alliance-join-request', { ...about, applicant: late.username }),
      notice('alliance-join-request', { ...about, applicant: refused.username }),
      notice('alliance-join-request', { ...about, applicant: refused.username }),
    ]);
    expect(await received(first)).toEqual([
      notice('alliance-request-accepted', about),
      notice('alliance-new-member', { ...about, member: invited.username }),
      notice('alliance-new-member', { ...about, member: late.username }),
      notice('alliance-disbanded', about),
    ]);
    expect(await received(invited)).toEqual([
      notice('alliance-request-rejected', about),
      notice('alliance-new-member', { ...about, member: late.username }),
      notice('alliance-disbanded', about),
    ]);
    expect(await received(late)).toEqual([notice('alliance-request-accepted', about), notice('alliance-kicked', about)]);
    expect(await received(refused)).toEqual([notice('alliance-request-rejected', about), notice('alliance-request-rejected', about)]);
    expect(await received(bystander)).toEqual([]);
  });
});

describe('rally and throne notifications', () => {
  it('phases to every player in an alliance, rallies to their alliance, the throne to the alliances that took and lost it, rewards to the winners; once each', async () => {
    const [rallyLeader, rallier, idle] = [
      await newFighter(stack, { infantry: 200 }, 'nrl'),
      await newFighter(stack, { infantry: 100 }, 'nrr'),
      await newFighter(stack, {}, 'nri'),
    ];
    const [holder, holderMate] = [await newFighter(stack, { infantry: 10 }, 'nhl'), await newFighter(stack, {}, 'nhm')];
    const bystander = await newFighter(stack, { infantry: 10 }, 'nby');
    const attackers = await newThroneAlliance(stack, [rallyLeader, rallier, idle]);
    const holders = await newThroneAlliance(stack, [holder, holderMate]);
    const war = await seedVotingWar(stack);
    const warOf = { warId: war.id, warDate: war.warDate };
    const allianceIds = async () =>
      (await queryDatabase<{ player_id: string }>(stack.database.url, 'SELECT player_id FROM alliance_members ORDER BY player_id')).map(
        (row) => Number(row.player_id),
      );
    /** Who got a notification of this kind from this cause, and with what. */
    const sent = async (kind: NotificationKind, source: string) =>
      (
        await queryDatabase<{ player_id: string; data: unknown }>(
          stack.database.url,
          'SELECT player_id, data FROM notifications WHERE kind = $1 AND source = $2 ORDER BY player_id',
          [kind, source],
        )
      ).map((row) => [Number(row.player_id), row.data]);

    // Voting closes, then the battle starts: to every player in an alliance (other tests' too), to nobody else.
    await moveWarMoment(stack, war, 'voting_closes_at', 1);
    await ok(throneStatus(bystander));
    const { start_time: startTime } = (
      await queryDatabase<{ start_time: Date }>(stack.database.url, 'SELECT start_time FROM throne_wars WHERE id = $1', [war.id])
    )[0];
    const inAlliances = await allianceIds();
    expect(await sent('throne-voting-closed', `throne-war:${war.id}`)).toEqual(
      inAlliances.map((id) => [id, { ...warOf, battleStartsAt: startTime.toISOString() }]),
    );
    await moveWarMoment(stack, war, 'start_time', 1);
    await ok(throneStatus(bystander));
    const [{ battle_ends_at: battleEndsAt }] = await queryDatabase<{ battle_ends_at: Date }>(
      stack.database.url,
      'SELECT battle_ends_at FROM throne_wars WHERE id = $1',
      [war.id],
    );
    expect(await sent('throne-battle-started', `throne-war:${war.id}`)).toEqual(
      inAlliances.map((id) => [id, { ...warOf, battleEndsAt: battleEndsAt.toISOString() }]),
    );

    // The holders take the empty throne: their survivors garrison it.
    await ok(soloAttack(holder, troops(10)));
    const battleIds = async () =>
      (
        await queryDatabase<{ id: number }>(stack.database.url, 'SELECT id FROM throne_battles WHERE war_id = $1 ORDER BY id', [war.id])
      ).map((row) => Number(row.id));
    const [takenEmpty] = await battleIds();

    // A rally: its alliance hears of it, its leader of who joins.
    const { rallyId, rallyLaunchTime } = await ok(createRally(rallyLeader, troops(200)));
    await ok(joinRally(rallier, rallyId, troops(100)));
    // It marches (by the status call or the worker, whichever comes first) and beats the garrison.
    await makeRallyDue(stack, rallyId);
    await ok(throneStatus(bystander));
    expect((await rallyRow(stack, rallyId)).status).toBe('marched');
    const [, rallyBattle] = await battleIds();
    const [{ winner, outcome }] = await queryDatabase<{
      winner: 'attacker';
      outcome: { attackers: { playerId: number; dead: Troops; injured: Troops }[] };
    }>(stack.database.url, 'SELECT winner, outcome FROM throne_battles WHERE id = $1', [rallyBattle]);
    expect(winner).toBe('attacker');
    const lossesOf = (player: CityPlayer) => {
      const { dead, injured } = outcome.attackers.find((result) => result.playerId === player.playerId)!;
      return { dead, injured };
    };

    // Held past full control: the war is won, its rewards granted.
    await moveWarMoment(stack, war, 'occupied_since', THRONE_FULL_CONTROL_SECONDS + 1);
    await ok(throneStatus(bystander));
    expect((await warRow(stack, war)).status).toBe('completed');
    // Everything looked at again, by the api and by the worker: nothing is told twice.
    await Promise.all([ok(throneStatus(holder)), runThroneTicks(3)]);

    const rallied = { rallyId, battleId: rallyBattle, winner: 'attacker' as const };
    const phases = [
      notice('throne-voting-closed', { ...warOf, battleStartsAt: startTime.toISOString() }),
      notice('throne-battle-started', { ...warOf, battleEndsAt: battleEndsAt.toISOString() }),
    ];
    expect(await received(rallyLeader)).toEqual([
      ...phases,
      notice('rally-joined', { rallyId, member: rallier.username, troops: troops(100) }),
      notice('throne-taken', { warId: war.id, battleId: rallyBattle, from: holders.name }),
      notice('rally-launched', { ...rallied, ...lossesOf(rallyLeader) }),
      notice('throne-rewards', { warId: war.id, levels: 2 }),
    ]);
    const rallyCreated = notice('rally-created', { rallyId, leader: rallyLeader.username, launchAt: rallyLaunchTime });
    expect(await received(rallier)).toEqual([
      ...phases,
      rallyCreated,
      notice('throne-taken', { warId: war.id, battleId: rallyBattle, from: holders.name }),
      notice('rally-launched', { ...rallied, ...lossesOf(rallier) }),
      notice('throne-rewards', { warId: war.id, levels: 1 }),
    ]);
    expect(await received(idle)).toEqual([
      ...phases,
      rallyCreated,
      notice('throne-taken', { warId: war.id, battleId: rallyBattle, from: holders.name }),
      notice('throne-rewards', { warId: war.id, levels: 1 }),
    ]);
    const holdersHeard = [
      ...phases,
      notice('throne-taken', { warId: war.id, battleId: takenEmpty, from: null }),
      notice('throne-lost', { warId: war.id, battleId: rallyBattle, to: attackers.name }),
    ];
    expect(await received(holder)).toEqual(holdersHeard);
    expect(await received(holderMate)).toEqual(holdersHeard);
    expect(await received(bystander)).toEqual([]);
    // The rewards told are the levels granted.
    const granted = await queryDatabase<{ player_id: string; levels_granted: number }>(
      stack.database.url,
      'SELECT player_id, levels_granted FROM throne_rewards WHERE war_id = $1 ORDER BY player_id',
      [war.id],
    );
    expect(granted.map((row) => [Number(row.player_id), { warId: war.id, levels: row.levels_granted }])).toEqual(
      await sent('throne-rewards', `throne-war:${war.id}`),
    );
  }, 90_000);
});

describe('citadel notifications', () => {
  it('tells every participant of a fallen boss their damage and share as paid, once; nobody else', async () => {
    const [opener, finisher, bystander] = [
      await newCityPlayer(stack, 'nco'),
      await newCityPlayer(stack, 'ncf'),
      await newCityPlayer(stack, 'ncb'),
    ];
    await setArmy(stack, opener, { infantry: 3000 });
    await setArmy(stack, finisher, { infantry: 20_000 });
    await setArmy(stack, bystander, { infantry: 100 });
    const attackFloor = (player: CityPlayer) => player.api.post(ApiRoutes.citadelAttack, { hiveUsername: player.username, floor: 1 });
    expect((await attackFloor(opener)).data).toMatchObject({ bossDefeated: false });
    expect((await attackFloor(finisher)).data).toMatchObject({ bossDefeated: true });
    // The fallen boss refuses another blow, and tells nobody anything more.
    expect((await attackFloor(finisher)).status).toBe(409);

    const rewards = await queryDatabase<{ player_id: string; damage: string; reward_thousandths: string }>(
      stack.database.url,
      'SELECT player_id, damage, reward_thousandths FROM citadel_rewards WHERE floor = 1',
    );
    const paid = (player: CityPlayer) => {
      const row = rewards.find((reward) => Number(reward.player_id) === player.playerId)!;
      return { floor: 1, damage: fromThousandths(Number(row.damage)), share: fromThousandths(Number(row.reward_thousandths)) };
    };
    // The opener's 30 points of the boss's 100 earn that share of floor 1's reward, rounded down.
    expect(paid(opener)).toEqual({ floor: 1, damage: 30, share: fromThousandths(Math.floor((bossReward(1) * 30_000) / bossMaxHp(1))) });
    // A hit on the boss also completes the day's fight quest (issue 36) and the chain's boss goal (issue 45), once each.
    const fought = notice('quest-completed', { questId: 'fight', title: QUEST_TITLES.fight, daily: true });
    const hitBoss = notice('quest-completed', { questId: 'hit-boss', title: QUEST_TITLES['hit-boss'], daily: false });
    expect(await received(opener)).toEqual([fought, hitBoss, notice('boss-defeated', paid(opener))]);
    const finisherReceived = await received(finisher);
    expect(finisherReceived).toHaveLength(3);
    expect(finisherReceived).toEqual(expect.arrayContaining([fought, hitBoss, notice('boss-defeated', paid(finisher))]));
    expect(await received(bystander)).toEqual([]);
  });
});
