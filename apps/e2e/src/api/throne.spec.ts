import { Queue } from 'bullmq';
import { ApiRoutes, ErrorMessages, ThroneMessages } from '@runik/contract';
import type { ThroneWar } from '@runik/contract';
import { MAX_THRONE_TROOPS, THRONE_FULL_CONTROL_SECONDS, Troops } from '@runik/rules';
import { Queues, ScheduledJobs } from '@runik/server/queues';
import { apiClient } from '../support/api-client';
import { cityRow } from '../support/attack';
import { CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { startStack, Stack } from '../support/stack';
import {
  battlesOfWar,
  createRally,
  disbandRally,
  garrison,
  garrisonDetails,
  garrisonRows,
  joinRally,
  makeRallyDue,
  moveWarMoment,
  newFighter,
  newThroneAlliance,
  ok,
  rallyDetails,
  rallyRow,
  recall,
  Reply,
  SeededWar,
  ThroneAlliance,
  seedActiveWar,
  seedVotingWar,
  soloAttack,
  throneSnapshot,
  throneStatus,
  throneTroops,
  throneUser,
  troops,
  vote,
  warRow,
  withdrawFromRally,
} from '../support/throne';

// A stack of its own: the game has one throne war, and a test starts a second worker.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

/**
 * Throne Wars over HTTP against the real api and worker. The real clock says no war is near, so
 * each test seeds the war it needs (a war day far in the future, so it is the one every call and
 * worker tick works on) and makes moments due by moving them into the past in the database. The
 * whole war on an injectable clock is libs/server's throne.service.spec.ts; this file adds what only
 * the real processes show: HTTP answers, races between requests, and the worker driving the war.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));
const withStatus = <T>(replies: Reply<T>[], status: number) => replies.filter((reply) => reply.status === status);
const armyOf = async (player: CityPlayer): Promise<Troops> => (await cityRow(stack, player)).army;
const plus = (a: Troops, b: Troops): Troops => troops(a.infantry + b.infantry, a.archers + b.archers, a.cavalries + b.cavalries);

/** The war as the status call shows it (there is always one here: every test seeds it). */
async function warView(player: CityPlayer): Promise<ThroneWar> {
  const { throneWars } = await ok(throneStatus(player));
  if (!throneWars) throw new Error('the status shows no war');
  return throneWars;
}

/** Refused with this status and exactly this message, and nothing in the cities or the throne moved. */
async function expectRefused(call: () => Promise<Reply<unknown>>, status: number, error: string): Promise<void> {
  const before = await throneSnapshot(stack);
  const { status: got, data } = await call();
  expect({ status: got, data }).toEqual({ status, data: { error } });
  expect(await throneSnapshot(stack)).toEqual(before);
}

/** Polls until `done` holds, or fails after `timeoutMs`. */
async function waitUntil(what: string, done: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

describe('roles and refusals', () => {
  let leaderA: CityPlayer, memberA: CityPlayer, leaderB: CityPlayer, memberB: CityPlayer, loner: CityPlayer;
  let allianceB: ThroneAlliance;
  let rallyId: number;

  beforeAll(async () => {
    // One at a time, so player ids (the garrison's order) follow creation.
    leaderA = await newFighter(stack, { infantry: 1000 });
    memberA = await newFighter(stack, { infantry: 500, archers: 200 });
    leaderB = await newFighter(stack, { infantry: 1000 });
    memberB = await newFighter(stack, { infantry: 300 });
    loner = await newFighter(stack, { infantry: 100 });
    await newThroneAlliance(stack, [leaderA, memberA]);
    allianceB = await newThroneAlliance(stack, [leaderB, memberB]);
  });

  it('lets only an alliance leader vote, once per alliance, and no attack before the battle', async () => {
    await seedVotingWar(stack);
    await expectRefused(() => vote(memberA, '7:00'), 403, ThroneMessages.leadersVote);
    await expectRefused(() => vote(loner, '7:00'), 403, ThroneMessages.needsAllianceToVote);
    expect(await ok(vote(leaderA, '7:00'))).toEqual({ success: true, message: 'Vote recorded for 7:00 UTC!', timeSlot: '7:00' });
    await expectRefused(() => vote(leaderA, '1:00'), 409, ThroneMessages.alreadyVoted);
    await expectRefused(() => soloAttack(leaderB, troops(1)), 409, ThroneMessages.notActive);
  });

  it('in the battle: no vote; the occupier garrisons but cannot attack; others neither garrison nor see the garrison', async () => {
    await seedActiveWar(stack, allianceB);
    await expectRefused(() => vote(leaderA, '7:00'), 409, ThroneMessages.votingClosed);
    expect(await ok(garrison(leaderB, troops(100)))).toEqual({ success: true, message: ThroneMessages.garrisoned });
    await expectRefused(() => soloAttack(memberB, troops(1)), 403, ThroneMessages.occupierCannotAttack);
    await expectRefused(() => createRally(memberB, troops(1)), 403, ThroneMessages.occupierCannotRally);
    await expectRefused(() => garrison(leaderA, troops(1)), 403, ThroneMessages.notOccupier);
    await expectRefused(() => garrisonDetails(leaderA), 403, ThroneMessages.garrisonHidden);
    await expectRefused(() => garrisonDetails(loner), 403, ThroneMessages.garrisonHidden);
    await expectRefused(() => soloAttack(loner, troops(1)), 403, ThroneMessages.needsAlliance);
    expect(await ok(garrisonDetails(memberB))).toEqual({ participants: [{ hiveUsername: leaderB.username, troops: troops(100) }] });
  });

  it('a rally: only its creator disbands it, the creator cannot withdraw, other alliances neither join nor look in', async () => {
    ({ rallyId } = await ok(createRally(leaderA, troops(50))));
    await ok(joinRally(memberA, rallyId, troops(0, 20)));
    await expectRefused(() => disbandRally(memberA, rallyId), 403, ThroneMessages.onlyCreatorDisbands);
    await expectRefused(() => withdrawFromRally(leaderA, rallyId), 403, ThroneMessages.creatorCannotWithdraw);
    await expectRefused(() => rallyDetails(leaderB, rallyId), 403, ThroneMessages.rallyOfAnotherAlliance);
    await expectRefused(() => rallyDetails(loner, rallyId), 403, ThroneMessages.rallyOfAnotherAlliance);
    await expectRefused(() => joinRally(memberB, rallyId, troops(1)), 403, ThroneMessages.rallyOfAnotherAlliance);
    await expectRefused(() => withdrawFromRally(loner, rallyId), 403, ThroneMessages.notInRally);
    await expectRefused(() => joinRally(memberA, rallyId, troops(1)), 409, ThroneMessages.alreadyInRally);
    await expectRefused(() => joinRally(memberA, 999_999, troops(1)), 404, ThroneMessages.rallyNotFound);
    await expectRefused(() => rallyDetails(memberA, 999_999), 404, ThroneMessages.rallyNotFound);
    expect(await ok(rallyDetails(memberA, rallyId))).toEqual({
      participants: [
        { hiveUsername: leaderA.username, troops: troops(50) },
        { hiveUsername: memberA.username, troops: troops(0, 20) },
      ],
    });
    // A member's withdraw brings their troops home; the creator's disband everyone else's.
    expect(await ok(withdrawFromRally(memberA, rallyId))).toEqual({ success: true, message: ThroneMessages.withdrew });
    expect(await armyOf(memberA)).toEqual(troops(500, 200));
    await ok(joinRally(memberA, rallyId, troops(0, 20)));
    expect(await ok(disbandRally(leaderA, rallyId))).toEqual({ success: true, message: ThroneMessages.disbanded });
    expect([await armyOf(leaderA), await armyOf(memberA)]).toEqual([troops(1000), troops(500, 200)]);
    await expectRefused(() => joinRally(memberA, rallyId, troops(1)), 404, ThroneMessages.rallyNotFound);
  });

  it('refuses more troops than the army (or the garrison) holds, and none at all, with 400', async () => {
    await expectRefused(() => soloAttack(memberA, troops(501)), 400, ThroneMessages.notEnoughTroops('infantry', 501, 500));
    await expectRefused(() => createRally(memberA, troops(0, 201)), 400, ThroneMessages.notEnoughTroops('archers', 201, 200));
    await expectRefused(() => garrison(memberB, troops(0, 0, 1)), 400, ThroneMessages.notEnoughTroops('cavalries', 1, 0));
    await expectRefused(() => recall(leaderB, troops(101)), 400, ThroneMessages.notEnoughGarrisoned('infantry', 101, 100));
    await expectRefused(() => recall(memberB, troops(1)), 400, ThroneMessages.notEnoughGarrisoned('infantry', 1, 0));
    for (const call of [soloAttack, createRally, garrison, recall]) {
      const caller = call === garrison || call === recall ? leaderB : leaderA;
      await expectRefused(() => call(caller, troops(0)), 400, ThroneMessages.noTroops);
    }
  });

  it('answers bad input with 400 and a message, changing nothing', async () => {
    const UNKNOWN_EXTRA = 'Unrecognized key: "extra"';
    const before = await throneSnapshot(stack);
    const me = { hiveUsername: leaderA.username };
    const army = { infantry: 1, archers: 0, cavalries: 0 };
    // [route, body, the exact message or null when only its presence is checked]
    const bodies: [string, unknown, string | null][] = [];
    for (const route of [ApiRoutes.throneSoloAttack, ApiRoutes.throneGarrison, ApiRoutes.throneRecall, ApiRoutes.throneRallyCreate]) {
      for (const infantry of ['5', -1, 1.5, null, MAX_THRONE_TROOPS + 1, true])
        bodies.push([route, { ...me, ...army, infantry }, ThroneMessages.invalidTroops]);
      bodies.push([route, { ...me, infantry: 1, archers: 0 }, ThroneMessages.invalidTroops]);
      bodies.push([route, { ...me, ...army, extra: 1 }, UNKNOWN_EXTRA]);
      bodies.push([route, army, 'hiveUsername: username must be a string']);
    }
    for (const rallyId of ['abc', '1', 0, -1, 1.5, null, 2 ** 31]) {
      bodies.push([ApiRoutes.throneRallyJoin, { ...me, ...army, rallyId }, ThroneMessages.invalidRallyId]);
      bodies.push([ApiRoutes.throneRallyWithdraw, { ...me, rallyId }, ThroneMessages.invalidRallyId]);
      bodies.push([ApiRoutes.throneRallyDisband, { ...me, rallyId }, ThroneMessages.invalidRallyId]);
    }
    bodies.push([ApiRoutes.throneRallyJoin, { ...me, ...army }, ThroneMessages.invalidRallyId]);
    bodies.push([ApiRoutes.throneRallyJoin, { ...me, ...army, rallyId: 1, archers: -5 }, ThroneMessages.invalidTroops]);
    bodies.push([ApiRoutes.throneRallyDisband, { ...me, rallyId: 1, extra: true }, UNKNOWN_EXTRA]);
    for (const timeSlot of ['2:00', '07:00', '7', 7, '', null])
      bodies.push([ApiRoutes.throneVote, { ...me, timeSlot }, ThroneMessages.invalidSlot]);
    bodies.push([ApiRoutes.throneVote, me, ThroneMessages.invalidSlot]);
    bodies.push([ApiRoutes.throneVote, { ...me, timeSlot: '7:00', extra: 1 }, UNKNOWN_EXTRA]);
    bodies.push([ApiRoutes.throneVote, [], 'Invalid input: expected object, received array']);
    bodies.push([ApiRoutes.throneGarrison, 'infantry=1', null]);
    for (const [route, body, message] of bodies) {
      const headers = typeof body === 'string' ? { 'content-type': 'application/json' } : undefined;
      const { status, data } = await leaderA.api.post(route, body, { headers });
      expect([route, body, status]).toEqual([route, body, 400]);
      expect([route, body, typeof data.error]).toEqual([route, body, 'string']);
      if (message) expect([route, body, data.error]).toEqual([route, body, message]);
    }
    const paths: [string, string | null][] = [
      ...['abc', '0', '-1', '1.5', '01', '1e3', '9999999999'].map((id): [string, string] => [
        `/api/throne/rally/${id}/details`,
        ThroneMessages.invalidRallyId,
      ]),
      ['/api/throne/rally/1/details?extra=1', UNKNOWN_EXTRA],
      ['/api/throne/status?extra=1', UNKNOWN_EXTRA],
      ['/api/throne/garrison/details?extra=1', UNKNOWN_EXTRA],
      ['/api/throne/next-voting?extra=1', UNKNOWN_EXTRA],
      [`${ApiRoutes.throneTroops(leaderA.username)}?extra=1`, UNKNOWN_EXTRA],
      [`${ApiRoutes.throneUser(leaderA.username)}?extra=1`, UNKNOWN_EXTRA],
    ];
    for (const [path, message] of paths) {
      const { status, data } = await leaderA.api.get(path);
      expect([path, status]).toEqual([path, 400]);
      expect([path, typeof data.error]).toEqual([path, 'string']);
      if (message) expect([path, data.error]).toEqual([path, message]);
    }
    expect(await throneSnapshot(stack)).toEqual(before);
  });

  it("refuses acting under another player's name (403) and calls without a session (401)", async () => {
    const asB = { hiveUsername: leaderB.username };
    const posts: [string, unknown][] = [
      [ApiRoutes.throneVote, { ...asB, timeSlot: '7:00' }],
      [ApiRoutes.throneSoloAttack, { ...asB, ...troops(1) }],
      [ApiRoutes.throneGarrison, { ...asB, ...troops(1) }],
      [ApiRoutes.throneRecall, { ...asB, ...troops(1) }],
      [ApiRoutes.throneRallyCreate, { ...asB, ...troops(1) }],
      [ApiRoutes.throneRallyJoin, { ...asB, rallyId, ...troops(1) }],
      [ApiRoutes.throneRallyWithdraw, { ...asB, rallyId }],
      [ApiRoutes.throneRallyDisband, { ...asB, rallyId }],
    ];
    const before = await throneSnapshot(stack);
    for (const [route, body] of posts) {
      const { status, data } = await leaderA.api.post(route, body);
      expect([route, status, data]).toEqual([route, 403, { error: ErrorMessages.notYourAccount }]);
    }
    for (const reply of [await throneTroops(leaderA, leaderB.username), await throneUser(leaderA, leaderB.username)]) {
      expect(reply).toEqual({ status: 403, data: { error: ErrorMessages.notYourAccount } });
    }
    const anonymous = apiClient(stack.apiUrl);
    for (const reply of [
      await anonymous.get(ApiRoutes.throneStatus),
      await anonymous.get(ApiRoutes.throneGarrisonDetails),
      await anonymous.post(ApiRoutes.throneSoloAttack, { hiveUsername: leaderA.username, ...troops(1) }),
    ]) {
      expect({ status: reply.status, data: reply.data }).toEqual({ status: 401, data: { error: ErrorMessages.sessionRequired } });
    }
    expect(await throneSnapshot(stack)).toEqual(before);
    // Their own name is fine.
    expect(await ok(throneTroops(leaderA))).toEqual({ available: troops(1000) });
    expect(await ok(throneUser(memberB))).toEqual({
      hiveUsername: memberB.username,
      allianceId: allianceB.id,
      allianceName: allianceB.name,
      allianceTag: allianceB.tag,
      isLeader: false,
    });
  });
});

describe('races', () => {
  it('10 members of one alliance creating a rally at once: one rally, the other 9 refused with their armies untouched', async () => {
    const members = await Promise.all(times(10, () => newFighter(stack, { infantry: 100 })));
    await newThroneAlliance(stack, members);
    const war = await seedActiveWar(stack);

    const replies = await Promise.all(members.map((member, index) => createRally(member, troops(10 + index))));
    const created = withStatus(replies, 200);
    expect(created).toHaveLength(1);
    expect(withStatus(replies, 409).map((reply) => reply.data)).toEqual(times(9, () => ({ error: ThroneMessages.rallyExists })));
    const winner = replies.findIndex((reply) => reply.status === 200);
    const { rallyId } = created[0].data;
    expect(created[0].data.message).toBe(ThroneMessages.rallyCreated(rallyId));
    for (const [index, member] of members.entries()) {
      expect([member.username, await armyOf(member)]).toEqual([member.username, troops(index === winner ? 100 - (10 + index) : 100)]);
    }
    const rallies = await queryDatabase<{ id: number; creator_id: string }>(
      stack.database.url,
      `SELECT id, creator_id FROM throne_rallies WHERE war_id = $1`,
      [war.id],
    );
    expect(rallies.map((rally) => [rally.id, Number(rally.creator_id)])).toEqual([[rallyId, members[winner].playerId]]);
    expect(await ok(rallyDetails(members[0], rallyId))).toEqual({
      participants: [{ hiveUsername: members[winner].username, troops: troops(10 + winner) }],
    });

    // The same member joining 10 times at once joins once and pays once.
    const joiner = members[(winner + 1) % members.length];
    const joins = await Promise.all(times(10, () => joinRally(joiner, rallyId, troops(7))));
    expect(withStatus(joins, 200).map((reply) => reply.data)).toEqual([{ success: true, message: ThroneMessages.joined }]);
    expect(withStatus(joins, 409).map((reply) => reply.data)).toEqual(times(9, () => ({ error: ThroneMessages.alreadyInRally })));
    expect(await armyOf(joiner)).toEqual(troops(93));
    expect((await ok(rallyDetails(joiner, rallyId))).participants).toEqual([
      { hiveUsername: members[winner].username, troops: troops(10 + winner) },
      { hiveUsername: joiner.username, troops: troops(7) },
    ]);
  });

  it('a join arriving after the launch time is refused: the rally has marched and taken the throne', async () => {
    const holder = await newFighter(stack, { infantry: 10 });
    const defenders = await newThroneAlliance(stack, [holder]);
    const [creator, early, late] = [
      await newFighter(stack, { infantry: 100 }),
      await newFighter(stack, { infantry: 50 }),
      await newFighter(stack, { infantry: 40 }),
    ];
    const attackers = await newThroneAlliance(stack, [creator, early, late]);
    const war = await seedActiveWar(stack, defenders);
    await ok(garrison(holder, troops(10)));
    const { rallyId } = await ok(createRally(creator, troops(100)));
    await ok(joinRally(early, rallyId, troops(50)));

    const launchAt = await makeRallyDue(stack, rallyId);
    const refused = await joinRally(late, rallyId, troops(40));
    expect(refused).toEqual({ status: 409, data: { error: ThroneMessages.rallyLaunched } });
    expect(await armyOf(late)).toEqual(troops(40));

    // Marched at its launch time (by this call or the worker, whichever came first), and won.
    expect(await rallyRow(stack, rallyId)).toMatchObject({ status: 'marched', closed_at: launchAt });
    const [battle] = await battlesOfWar(stack, war);
    expect(battle).toMatchObject({
      kind: 'rally',
      rally_id: rallyId,
      attacker_alliance_id: attackers.id,
      defender_alliance_id: defenders.id,
      winner: 'attacker',
      fought_at: launchAt,
    });
    expect(battle.outcome.attackers.map((fighter) => fighter.playerId)).toEqual([creator.playerId, early.playerId]);
    expect(await warRow(stack, war)).toMatchObject({ occupier_alliance_id: attackers.id, occupied_since: launchAt, full_control_at: null });
    // The survivors hold the throne; the old garrison lost all it had: 40% dead, the rest in the Sanctum.
    expect(await garrisonRows(stack, war)).toEqual(
      new Map(battle.outcome.attackers.map((fighter) => [fighter.playerId, fighter.survivors])),
    );
    expect(await cityRow(stack, holder)).toMatchObject({ army: troops(0), injured: troops(6) });
    const status = await warView(late);
    expect(status.activeAttacks).toEqual([]);
    expect(status.currentOccupier).toMatchObject({
      allianceId: attackers.id,
      occupiedSince: launchAt.toISOString(),
      fullControlMet: false,
    });
  });

  it('a leader voting 10 times at once: one vote counts', async () => {
    const leader = await newFighter(stack, {});
    const alliance = await newThroneAlliance(stack, [leader]);
    const war = await seedVotingWar(stack);
    const slots = ['1:00', '7:00', '13:00', '19:00'] as const;
    const replies = await Promise.all(times(10, (index) => vote(leader, slots[index % slots.length])));
    const counted = withStatus(replies, 200);
    expect(counted).toHaveLength(1);
    expect(withStatus(replies, 409).map((reply) => reply.data)).toEqual(times(9, () => ({ error: ThroneMessages.alreadyVoted })));
    const votes = await queryDatabase<{ alliance_id: number; time_slot: string }>(
      stack.database.url,
      `SELECT alliance_id, time_slot FROM throne_votes WHERE war_id = $1`,
      [war.id],
    );
    expect(votes).toEqual([{ alliance_id: alliance.id, time_slot: counted[0].data.timeSlot }]);
  });

  it('the holder garrisoning, then recalling, 10 times at once with troops for 3: 3 of each, not a troop made or lost', async () => {
    const holder = await newFighter(stack, { infantry: 30 });
    const alliance = await newThroneAlliance(stack, [holder]);
    const war = await seedActiveWar(stack, alliance);

    const sent = await Promise.all(times(10, () => garrison(holder, troops(10))));
    expect(withStatus(sent, 200)).toHaveLength(3);
    expect(withStatus(sent, 400).map((reply) => reply.data)).toEqual(
      times(7, () => ({ error: ThroneMessages.notEnoughTroops('infantry', 10, 0) })),
    );
    expect(await armyOf(holder)).toEqual(troops(0));
    expect(await garrisonRows(stack, war)).toEqual(new Map([[holder.playerId, troops(30)]]));

    const recalled = await Promise.all(times(10, () => recall(holder, troops(10))));
    expect(withStatus(recalled, 200)).toHaveLength(3);
    expect(withStatus(recalled, 400).map((reply) => reply.data)).toEqual(
      times(7, () => ({ error: ThroneMessages.notEnoughGarrisoned('infantry', 10, 0) })),
    );
    expect(await armyOf(holder)).toEqual(troops(30));
    expect(await garrisonRows(stack, war)).toEqual(new Map());
  });

  it('10 solo attacks at once by one player with troops for 3: exactly 3 fight, and the army never goes below zero', async () => {
    const holder = await newFighter(stack, { infantry: 10_000 });
    const defenders = await newThroneAlliance(stack, [holder]);
    const attacker = await newFighter(stack, { infantry: 30 });
    const attackers = await newThroneAlliance(stack, [attacker]);
    const war = await seedActiveWar(stack, defenders);
    await ok(garrison(holder, troops(10_000)));

    const replies = await Promise.all(times(10, () => soloAttack(attacker, troops(10))));
    const fought = withStatus(replies, 200);
    expect(fought).toHaveLength(3);
    for (const { data } of fought)
      expect(data).toMatchObject({
        success: true,
        message: ThroneMessages.attacked(defenders.name),
        result: { winner: defenders.name, outcome: 'defender' },
      });
    expect(withStatus(replies, 400).map((reply) => reply.data)).toEqual(
      times(7, () => ({ error: ThroneMessages.notEnoughTroops('infantry', 10, 0) })),
    );

    // What left the army is exactly what the three battles took, all of it lost.
    const battles = (await battlesOfWar(stack, war)).filter((battle) => battle.attacker_alliance_id === attackers.id);
    expect(battles.map((battle) => [battle.kind, battle.winner])).toEqual(times(3, () => ['solo', 'defender']));
    // Each reply names its own battle, the one its report shows.
    expect(fought.map(({ data }) => data.result.battleId).sort((a, b) => a - b)).toEqual(battles.map((battle) => battle.id));
    const committed = battles
      .flatMap((battle) => battle.outcome.attackers)
      .map((fighter) => plus(plus(fighter.survivors, fighter.dead), fighter.injured));
    expect(committed).toEqual(times(3, () => troops(10)));
    const injured = fought.map(({ data }) => data.result.injured).reduce(plus, troops(0));
    expect(await cityRow(stack, attacker)).toMatchObject({ army: troops(0), injured });
    expect(injured).toEqual(troops(18));
    expect(await warRow(stack, war)).toMatchObject({ occupier_alliance_id: defenders.id });
  });
});

describe('the worker drives the war', () => {
  it('marches a rally at its launch time by itself, with no API call on the throne', async () => {
    const creator = await newFighter(stack, { infantry: 20, archers: 5 });
    const alliance = await newThroneAlliance(stack, [creator]);
    const war = await seedActiveWar(stack);
    const { rallyId } = await ok(createRally(creator, troops(20, 5)));

    // Its alarm is set for 300 s from now; the worker's minute catch-up must find it due earlier.
    const launchAt = await makeRallyDue(stack, rallyId);
    await waitUntil('the worker to march the rally', async () => (await rallyRow(stack, rallyId)).status === 'marched', 75_000, 500);

    expect(await rallyRow(stack, rallyId)).toMatchObject({ status: 'marched', closed_at: launchAt });
    expect(await battlesOfWar(stack, war)).toMatchObject([
      { kind: 'rally', rally_id: rallyId, attacker_alliance_id: alliance.id, defender_alliance_id: null, winner: 'attacker' },
    ]);
    // The empty throne is taken at the rally's launch time, not when the worker noticed.
    expect(await warRow(stack, war)).toMatchObject({ occupier_alliance_id: alliance.id, occupied_since: launchAt });
    expect(await garrisonRows(stack, war)).toEqual(new Map([[creator.playerId, troops(20, 5)]]));
  }, 90_000);

  it('completes the war once, rewards once, when two workers, queued jobs and status calls all race for it', async () => {
    // Ids follow creation: the leader first.
    const leader = await newFighter(stack, { infantry: 100 });
    const member = await newFighter(stack, { infantry: 50, archers: 50 });
    const idle = await newFighter(stack, { cavalries: 5 });
    const winners = await newThroneAlliance(stack, [leader, member, idle]);
    const rival = await newFighter(stack, { infantry: 100 });
    await newThroneAlliance(stack, [rival]);
    const war = await seedActiveWar(stack, winners);
    await ok(garrison(leader, troops(60)));
    await ok(garrison(member, troops(10, 40)));
    const levelsBefore = await Promise.all([leader, member, idle, rival].map(async (player) => (await cityRow(stack, player)).ch_level));

    // Full control fell due a moment ago: everyone notices at once.
    const occupiedSince = await moveWarMoment(stack, war, 'occupied_since', THRONE_FULL_CONTROL_SECONDS + 1);
    const wonAt = new Date(occupiedSince.getTime() + THRONE_FULL_CONTROL_SECONDS * 1000);
    const queue = new Queue(Queues.schedules, { connection: { url: 'redis://127.0.0.1:6379' }, prefix: `${stack.redisPrefix}-bull` });
    const advanceJobs = () => Promise.all(times(6, () => queue.add(ScheduledJobs.throneAdvance, {})));
    const jobsLeft = async () => {
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
      return counts.waiting + counts.active + counts.prioritized;
    };
    const statuses = await (async () => {
      try {
        const [replies] = await Promise.all([Promise.all(times(8, () => throneStatus(rival))), stack.startWorker(), advanceJobs()]);
        await waitUntil('the war to complete', async () => (await warRow(stack, war)).status === 'completed', 30_000);
        // Run it all again after the end: nothing more may happen.
        await Promise.all([advanceJobs(), ...times(4, () => throneStatus(leader))]);
        await waitUntil('the queued jobs to run', async () => (await jobsLeft()) === 0, 30_000);
        return replies;
      } finally {
        await queue.close();
      }
    })();
    expect(statuses.map((reply) => reply.status)).toEqual(times(8, () => 200));

    expect(await warRow(stack, war)).toMatchObject({
      status: 'completed',
      full_control_at: wonAt,
      completed_at: wonAt,
      winner_alliance_id: winners.id,
      winner_name: winners.name,
      winner_tag: winners.tag,
      king_name: leader.username,
    });
    const rewards = await queryDatabase<{ player_id: string; role: string; levels_granted: number }>(
      stack.database.url,
      `SELECT player_id, role, levels_granted FROM throne_rewards WHERE war_id = $1 ORDER BY player_id`,
      [war.id],
    );
    expect(rewards.map((row) => [Number(row.player_id), row.role, row.levels_granted])).toEqual([
      [leader.playerId, 'leader', 2],
      [member.playerId, 'member', 1],
      [idle.playerId, 'member', 1],
    ]);
    const levelsAfter = await Promise.all([leader, member, idle, rival].map(async (player) => (await cityRow(stack, player)).ch_level));
    expect(levelsAfter).toEqual([levelsBefore[0] + 2, levelsBefore[1] + 1, levelsBefore[2] + 1, levelsBefore[3]]);
    // The garrison went home whole.
    expect(await garrisonRows(stack, war)).toEqual(new Map());
    expect([await armyOf(leader), await armyOf(member), await armyOf(idle)]).toEqual([troops(100), troops(50, 50), troops(0, 0, 5)]);

    const status = await warView(rival);
    expect(status).toMatchObject({
      status: 'completed',
      winner: { allianceName: winners.name, allianceTag: winners.tag, leaderName: leader.username, wonAt: wonAt.toISOString() },
      currentOccupier: { allianceId: winners.id, fullControlMet: true, fullControlAt: wonAt.toISOString(), garrisonedTroops: troops(0) },
      activeAttacks: [],
    });
    await expectRefused(() => soloAttack(rival, troops(1)), 409, ThroneMessages.notActive);
  }, 90_000);
});

describe('a whole war over HTTP', () => {
  it('votes, waits for the voted slot, takes the empty throne, garrisons and recalls', async () => {
    const leader = await newFighter(stack, { infantry: 100, archers: 40 });
    const member = await newFighter(stack, { infantry: 30 });
    const alliance = await newThroneAlliance(stack, [leader, member]);
    const war: SeededWar = await seedVotingWar(stack);

    expect(await ok(vote(leader, '19:00'))).toMatchObject({ success: true, message: 'Vote recorded for 19:00 UTC!' });
    const voting = await warView(member);
    expect(voting).toMatchObject({
      warDate: war.warDate,
      status: 'voting',
      votingPhase: { isOpen: true },
      battlePhase: { startTime: null },
      currentOccupier: null,
    });
    expect(voting.votingPhase.votes['19:00']).toEqual([
      { allianceId: alliance.id, allianceName: alliance.name, allianceTag: alliance.tag, votedAt: expect.any(String) },
    ]);
    expect(voting.votingPhase.votes['7:00']).toEqual([]);

    await moveWarMoment(stack, war, 'voting_closes_at', 1);
    expect(await warView(member)).toMatchObject({
      status: 'waiting',
      votingPhase: { isOpen: false },
      battlePhase: { startTime: `${war.warDate}T19:00:00.000Z` },
    });
    await expectRefused(() => vote(leader, '1:00'), 409, ThroneMessages.votingClosed);

    await moveWarMoment(stack, war, 'start_time', 1);
    expect(await warView(member)).toMatchObject({ status: 'active', currentOccupier: null });

    const attack = await ok(soloAttack(leader, troops(30, 10)));
    expect(attack).toEqual({
      success: true,
      message: `Attack successful! Winner: ${alliance.name}`,
      result: {
        battleId: expect.any(Number),
        winner: alliance.name,
        outcome: 'attacker',
        attackerPower: expect.any(Number),
        defenderPower: 0,
        dead: troops(0),
        injured: troops(0),
        survivors: troops(30, 10),
      },
    });
    expect(await ok(garrison(member, troops(20)))).toEqual({ success: true, message: ThroneMessages.garrisoned });
    expect(await ok(recall(leader, troops(5, 10)))).toEqual({ success: true, message: ThroneMessages.recalled });

    const { occupied_since: occupiedSince } = await warRow(stack, war);
    if (!occupiedSince) throw new Error('the throne is not occupied');
    expect((await warView(member)).currentOccupier).toEqual({
      allianceId: alliance.id,
      allianceName: alliance.name,
      allianceTag: alliance.tag,
      occupiedSince: occupiedSince.toISOString(),
      fullControlMet: false,
      fullControlAt: new Date(occupiedSince.getTime() + THRONE_FULL_CONTROL_SECONDS * 1000).toISOString(),
      garrisonedTroops: troops(45),
      // 45 infantry, no gear: the garrison's power on armyPower's scale.
      garrisonPower: 0.45,
    });
    expect(await ok(garrisonDetails(member))).toEqual({
      participants: [
        { hiveUsername: leader.username, troops: troops(25) },
        { hiveUsername: member.username, troops: troops(20) },
      ],
    });
    expect(await ok(throneTroops(leader))).toEqual({ available: troops(75, 40) });
    expect(await ok(throneTroops(member))).toEqual({ available: troops(10) });
  });
});
