import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ALLIANCE_ICON_IDS, STARTING_BUILDING_LEVEL, THRONE_FULL_CONTROL_SECONDS, THRONE_RALLY_GATHER_SECONDS, Troops } from '@runik/rules';
import { AllianceChatLineTexts, ThroneMessages } from '@runik/contract';
import { CityService } from '../city/city.service';
import { CityTransactions } from '../city/city-transactions';
import { dataSourceOptions } from '../database';
import { LedgerService } from '../ledger/ledger.service';
import { RecordingAlarm } from '../testing/recording-throne-alarm';
import { TestClock } from '../testing/test-clock';

import { testChatLines, testNotifier } from '../testing/test-notifier';
import { QuestProgress } from '../quests/quest-progress';
import { newTestPlayer } from '../testing/test-players';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { ThroneEngine } from './throne-engine';
import { ThroneService } from './throne.service';

let database: TestDatabase;
let dataSource: DataSource;
const clock = new TestClock('2027-01-13T12:00:00Z');
const alarm = new RecordingAlarm();
const notifier = testNotifier(clock);
let cities: CityTransactions;
let throne: ThroneService;
/** Two engines: two workers advancing the same war. */
let engine: ThroneEngine;
let secondWorker: ThroneEngine;
let cityService: CityService;
let ledger: LedgerService;

beforeAll(async () => {
  // The engine logs every phase it applies: quiet here.
  Logger.overrideLogger(false);
  database = await createTestDatabase();
  dataSource = await new DataSource(dataSourceOptions(database.url, { max: 12 })).initialize();
  ledger = new LedgerService(clock);
  cities = new CityTransactions(dataSource, ledger, clock);
  cityService = new CityService(dataSource, cities, clock, new QuestProgress(notifier));
  engine = new ThroneEngine(dataSource, cities, clock, alarm, notifier, testChatLines(clock));
  secondWorker = new ThroneEngine(dataSource, cities, clock, alarm, notifier, testChatLines(clock));
  throne = new ThroneService(dataSource, engine, cities, clock, notifier);
});
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

interface Player {
  id: number;
  name: string;
}

/** A registered player at City Hall 6 with the given army. */
async function newPlayer(name: string, army: Partial<Troops>): Promise<Player> {
  const id = await newTestPlayer({ dataSource, ledger, cityService, clock }, name, army);
  await dataSource.query(`UPDATE cities SET ch_level = 6 WHERE player_id = $1`, [id]);
  return { id, name };
}

/** An alliance led by the first player, the others members in order. */
async function newAlliance(tag: string, players: Player[]): Promise<number> {
  const [{ id }] = await dataSource.query(
    `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at) VALUES ($1, $2, $3, '', $4, 10, $5) RETURNING id`,
    [`House ${tag}`, tag, ALLIANCE_ICON_IDS[0], players[0].id, clock.now()],
  );
  for (const player of players)
    await dataSource.query(`INSERT INTO alliance_members (player_id, alliance_id, joined_at) VALUES ($1, $2, $3)`, [
      player.id,
      id,
      clock.now(),
    ]);
  return id;
}

const troops = (infantry: number, archers = 0, cavalries = 0): Troops => ({ infantry, archers, cavalries });

async function cityOf(player: Player): Promise<{ army: Troops; injured: Troops; chLevel: number; levels: Record<string, number> }> {
  const [row] = await dataSource.query(`SELECT * FROM cities WHERE player_id = $1`, [player.id]);
  return {
    army: troops(Number(row.infantry), Number(row.archers), Number(row.cavalries)),
    injured: troops(Number(row.injured_infantry), Number(row.injured_archers), Number(row.injured_cavalries)),
    chLevel: row.ch_level,
    levels: row.building_levels,
  };
}

/** The error a refused call answers with: status and message. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; error: string }> {
  try {
    await call;
  } catch (error) {
    const exception = error as { getStatus(): number; getResponse(): { error: string } };
    return { status: exception.getStatus(), error: exception.getResponse().error };
  }
  throw new Error('expected the call to be refused');
}

describe('a whole Throne War on the injectable clock', () => {
  let a1: Player, a2: Player, a3: Player, b1: Player, b2: Player, c1: Player, loner: Player;
  let allianceA: number;
  let rallyA: number;
  let occupiedAt: Date;

  beforeAll(async () => {
    // One after the other, so ids (and the order of lists by id) follow the names here.
    a1 = await newPlayer('warlord', troops(300, 0, 50));
    a2 = await newPlayer('archeress', troops(0, 300));
    a3 = await newPlayer('squire', troops(100));
    b1 = await newPlayer('bastion', troops(200));
    b2 = await newPlayer('bowyer', troops(0, 100));
    c1 = await newPlayer('crow', troops(100));
    loner = await newPlayer('loner', troops(100));
    allianceA = await newAlliance('AAA', [a1, a2, a3]);
    await newAlliance('BBB', [b1, b2]);
    await newAlliance('CCC', [c1]);
  });

  it('has no war before the first voting opens, and refuses votes then', async () => {
    expect((await throne.status()).throneWars).toBeNull();
    expect(await refusal(throne.vote(a1.id, '7:00'))).toEqual({ status: 409, error: ThroneMessages.votingClosed });
    expect(await throne.nextVoting()).toEqual({
      nextThroneWarDate: '2027-01-15T00:00:00.000Z',
      votingStartsAt: '2027-01-14T00:01:00.000Z',
      votingEndsAt: '2027-01-15T00:00:00.000Z',
    });
  });

  it('opens voting at 00:01 UTC the day before; leaders vote once, nobody else', async () => {
    clock.set('2027-01-14T00:01:00Z');
    const status = await throne.status();
    expect(status.throneWars).toMatchObject({
      warDate: '2027-01-15',
      status: 'voting',
      votingPhase: { isOpen: true, closesAt: '2027-01-15T00:00:00.000Z' },
    });
    expect(status.config).toEqual({ THRONE_FULL_CONTROL: THRONE_FULL_CONTROL_SECONDS, THRONE_RALLY_GATHER: THRONE_RALLY_GATHER_SECONDS });

    expect(await refusal(throne.vote(a2.id, '1:00'))).toEqual({ status: 403, error: ThroneMessages.leadersVote });
    expect(await refusal(throne.vote(loner.id, '1:00'))).toEqual({ status: 403, error: ThroneMessages.needsAllianceToVote });
    expect(await throne.vote(a1.id, '19:00')).toEqual({ success: true, message: 'Vote recorded for 19:00 UTC!', timeSlot: '19:00' });
    expect(await refusal(throne.vote(a1.id, '1:00'))).toEqual({ status: 409, error: ThroneMessages.alreadyVoted });
    expect(await throne.vote(b1.id, '7:00')).toMatchObject({ success: true });
    // Attacks wait for the battle.
    expect(await refusal(throne.soloAttack(b1.id, troops(1)))).toEqual({ status: 409, error: ThroneMessages.notActive });

    const votes = (await throne.status()).throneWars!.votingPhase.votes;
    expect(votes['19:00'].map((vote) => vote.allianceId)).toEqual([allianceA]);
    expect(votes['7:00'].map((vote) => vote.allianceTag)).toEqual(['BBB']);
    expect(votes['1:00']).toEqual([]);
  });

  it('closes voting at midnight: the tie goes to the earliest slot, and a late vote is refused', async () => {
    clock.set('2027-01-15T00:00:00Z');
    expect(await refusal(throne.vote(c1.id, '1:00'))).toEqual({ status: 409, error: ThroneMessages.votingClosed });
    const war = (await throne.status()).throneWars!;
    expect(war).toMatchObject({
      status: 'waiting',
      votingPhase: { isOpen: false },
      battlePhase: { startTime: '2027-01-15T07:00:00.000Z' },
    });
  });

  it('starts the battle at the slot; the first solo attack takes the empty throne', async () => {
    clock.set('2027-01-15T07:00:00Z');
    await engine.advance();
    expect((await throne.status()).throneWars).toMatchObject({ status: 'active', currentOccupier: null });

    const attack = await throne.soloAttack(b1.id, troops(150));
    expect(attack).toMatchObject({
      message: 'Attack successful! Winner: House BBB',
      result: { winner: 'House BBB', outcome: 'attacker', defenderPower: 0 },
    });
    expect((await cityOf(b1)).army).toEqual(troops(50));
    occupiedAt = clock.now();
  });

  it('tells every player in an alliance of each phase, once however often the war is advanced, and nobody else', async () => {
    await Promise.all([engine.advance(), secondWorker.advance()]);
    const [{ id: warId }] = await dataSource.query(`SELECT id FROM throne_wars WHERE war_date = '2027-01-15'`);
    const rows: { player_id: string; kind: string; data: unknown }[] = await dataSource.query(
      `SELECT player_id, kind, data FROM notifications WHERE source = $1 ORDER BY kind, player_id`,
      [`throne-war:${warId}`],
    );
    const war = { warId, warDate: '2027-01-15' };
    const toEveryone = (kind: string, data: unknown) => [a1, a2, a3, b1, b2, c1].map((player) => [player.id, kind, data]);
    expect(rows.map((row) => [Number(row.player_id), row.kind, row.data])).toEqual([
      ...toEveryone('throne-battle-started', { ...war, battleEndsAt: '2027-01-16T00:00:00.000Z' }),
      ...toEveryone('throne-voting-closed', { ...war, battleStartsAt: '2027-01-15T07:00:00.000Z' }),
      ...toEveryone('throne-voting-opened', { ...war, votingClosesAt: '2027-01-15T00:00:00.000Z' }),
    ]);
    expect(await dataSource.query(`SELECT 1 FROM notifications WHERE player_id = $1`, [loner.id])).toEqual([]);
  });

  it('lets the holder garrison and hides its garrison from others; the holder cannot attack', async () => {
    clock.set('2027-01-15T07:01:00Z');
    expect(await throne.garrison(b2.id, troops(0, 100))).toEqual({ success: true, message: ThroneMessages.garrisoned });
    expect(await refusal(throne.soloAttack(b2.id, troops(1)))).toEqual({ status: 403, error: ThroneMessages.occupierCannotAttack });
    expect(await refusal(throne.createRally(b2.id, troops(1)))).toEqual({ status: 403, error: ThroneMessages.occupierCannotRally });
    expect(await refusal(throne.garrison(a1.id, troops(1)))).toEqual({ status: 403, error: ThroneMessages.notOccupier });
    expect(await refusal(throne.garrison(b1.id, troops(51)))).toEqual({
      status: 400,
      error: ThroneMessages.notEnoughTroops('infantry', 51, 50),
    });
    expect(await refusal(throne.soloAttack(loner.id, troops(1)))).toEqual({ status: 403, error: ThroneMessages.needsAlliance });
    expect(await refusal(throne.garrisonDetails(a1.id))).toEqual({ status: 403, error: ThroneMessages.garrisonHidden });
    expect(await throne.garrisonDetails(b1.id)).toEqual({
      participants: [
        { hiveUsername: 'bastion', troops: troops(150) },
        { hiveUsername: 'bowyer', troops: troops(0, 100) },
      ],
    });
    const occupier = (await throne.status()).throneWars!.currentOccupier!;
    expect(occupier).toMatchObject({
      allianceTag: 'BBB',
      occupiedSince: occupiedAt.toISOString(),
      fullControlMet: false,
      fullControlAt: new Date(occupiedAt.getTime() + THRONE_FULL_CONTROL_SECONDS * 1000).toISOString(),
      garrisonedTroops: troops(150, 100),
      // 150 infantry and 100 archers without gear: 1,500 + 2,100 power points, what an attack must beat.
      garrisonPower: 3.6,
    });
  });

  it('makes a weaker solo attacker lose every troop it sent, the garrison losing its share', async () => {
    // Garrison 1.5 + 2.1 = 3.6 power against 1.0: the attackers' 100 infantry are lost, 40 dead and 60 injured.
    const attack = await throne.soloAttack(c1.id, troops(100));
    expect(attack.result).toMatchObject({ winner: 'House BBB', outcome: 'defender', attackerPower: 1, defenderPower: 3.6 });
    expect(await cityOf(c1)).toMatchObject({ army: troops(0), injured: troops(60) });
    // The garrison loses 1 / 3.6 of each type, rounded down.
    expect((await throne.status()).throneWars!.currentOccupier!.garrisonedTroops).toEqual(troops(150 - 41, 100 - 27));
  });

  it('allows one gathering rally per alliance, even when two are created at once', async () => {
    const created = await Promise.allSettled([throne.createRally(a1.id, troops(300, 0, 50)), throne.createRally(a2.id, troops(0, 300))]);
    const winners = created.filter((result) => result.status === 'fulfilled');
    expect(winners).toHaveLength(1);
    const refused = created.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.getResponse().error).toBe(ThroneMessages.rallyExists);
    // Whoever lost the race kept their troops; make a1 the creator for the rest of the war.
    const rally = (winners[0] as PromiseFulfilledResult<{ rallyId: number; rallyLaunchTime: string }>).value;
    rallyA = rally.rallyId;
    const [{ creator_id }] = await dataSource.query(`SELECT creator_id FROM throne_rallies WHERE id = $1`, [rallyA]);
    if (Number(creator_id) !== a1.id) {
      await throne.disband(Number(creator_id), rallyA);
      rallyA = (await throne.createRally(a1.id, troops(300, 0, 50))).rallyId;
    }
    expect((await cityOf(a1)).army).toEqual(troops(0));
    expect((await cityOf(a2)).army).toEqual(troops(0, 300));
    const launch = new Date(clock.now().getTime() + THRONE_RALLY_GATHER_SECONDS * 1000).toISOString();
    expect(alarm.wakes).toContain(launch);
  });

  it('lets members join and withdraw, only the creator disband, and shows the rally to its alliance only', async () => {
    expect(await throne.joinRally(a2.id, rallyA, troops(0, 200))).toEqual({ success: true, message: ThroneMessages.joined });
    expect(await refusal(throne.joinRally(a2.id, rallyA, troops(0, 1)))).toEqual({ status: 409, error: ThroneMessages.alreadyInRally });
    expect(await throne.joinRally(a3.id, rallyA, troops(100))).toMatchObject({ success: true });
    expect(await refusal(throne.joinRally(c1.id, rallyA, troops(1)))).toEqual({
      status: 403,
      error: ThroneMessages.rallyOfAnotherAlliance,
    });
    expect(await refusal(throne.disband(a2.id, rallyA))).toEqual({ status: 403, error: ThroneMessages.onlyCreatorDisbands });
    expect(await refusal(throne.withdraw(a1.id, rallyA))).toEqual({ status: 403, error: ThroneMessages.creatorCannotWithdraw });
    expect(await throne.withdraw(a3.id, rallyA)).toEqual({ success: true, message: ThroneMessages.withdrew });
    expect((await cityOf(a3)).army).toEqual(troops(100));
    expect(await refusal(throne.rallyDetails(b1.id, rallyA))).toEqual({ status: 403, error: ThroneMessages.rallyOfAnotherAlliance });
    expect(await throne.rallyDetails(a3.id, rallyA)).toEqual({
      participants: [
        { hiveUsername: 'warlord', troops: troops(300, 0, 50) },
        { hiveUsername: 'archeress', troops: troops(0, 200) },
      ],
    });
    const [rally] = (await throne.status()).throneWars!.activeAttacks;
    expect(rally).toMatchObject({
      type: 'rally',
      status: 'gathering',
      attackId: rallyA,
      attackerAllianceId: allianceA,
      rallyLeader: 'warlord',
    });
    expect(rally.rallyParticipants).toEqual([{ hiveUsername: 'warlord' }, { hiveUsername: 'archeress' }]);
  });

  it('a second alliance rallies too; a disbanded rally sends every troop home', async () => {
    // C's leader had 100 infantry, 60 of them now in the Sanctum; a fresh member joins C.
    const c2 = await newPlayer('crowling', troops(40));
    await dataSource.query(
      `INSERT INTO alliance_members (player_id, alliance_id, joined_at) SELECT $1, alliance_id, now() FROM alliance_members WHERE player_id = $2`,
      [c2.id, c1.id],
    );
    await dataSource.query(`UPDATE cities SET infantry = 30 WHERE player_id = $1`, [c1.id]);
    const { rallyId } = await throne.createRally(c1.id, troops(30));
    await throne.joinRally(c2.id, rallyId, troops(40));
    expect(await throne.disband(c1.id, rallyId)).toEqual({ success: true, message: ThroneMessages.disbanded });
    expect([(await cityOf(c1)).army, (await cityOf(c2)).army]).toEqual([troops(30), troops(40)]);
    const again = await throne.createRally(c1.id, troops(30));
    await throne.joinRally(c2.id, again.rallyId, troops(40));
    expect((await throne.status()).throneWars!.activeAttacks.map((rally) => rally.attackerAllianceName)).toEqual([
      'House AAA',
      'House CCC',
    ]);
  });

  it('marches the rallies at their launch time: a join after that is refused, A takes the throne, C breaks on it', async () => {
    const [launchA] = await dataSource.query(`SELECT launch_at FROM throne_rallies WHERE id = $1`, [rallyA]);
    clock.set(launchA.launch_at);
    expect(await refusal(throne.joinRally(a3.id, rallyA, troops(1)))).toEqual({ status: 409, error: ThroneMessages.rallyLaunched });

    const war = (await throne.status()).throneWars!;
    expect(war.activeAttacks).toEqual([]);
    expect(war.currentOccupier).toMatchObject({ allianceTag: 'AAA', occupiedSince: launchA.launch_at.toISOString() });
    // B's garrison lost everything it still held (109 and 73): 40% dead, the rest in the Sanctum,
    // after the 41 and 27 it lost holding off C (25 and 17 injured).
    expect((await cityOf(b1)).injured).toEqual(troops(25 + 66));
    expect((await cityOf(b2)).injured).toEqual(troops(0, 17 + 44));
    // C's rally (0.7 power) broke on A's garrison.
    expect((await cityOf(c1)).army).toEqual(troops(0));
    const battles = await dataSource.query(`SELECT kind, winner, attacker_alliance_id FROM throne_battles ORDER BY id`);
    expect(battles.map((battle: { kind: string; winner: string }) => `${battle.kind}:${battle.winner}`)).toEqual([
      'solo:attacker',
      'solo:defender',
      'rally:attacker',
      'rally:defender',
    ]);
    // Each alliance's chat has a line for its rally, written with the march.
    const lines = await dataSource.query(
      `SELECT a.tag, c.text, c.author_id FROM alliance_chat_messages c JOIN alliances a ON a.id = c.alliance_id
        WHERE c.source LIKE 'rally:%' ORDER BY c.id`,
    );
    expect(lines).toEqual([
      { tag: 'AAA', text: AllianceChatLineTexts.rallyFought(a1.name, true), author_id: null },
      { tag: 'CCC', text: AllianceChatLineTexts.rallyFought(c1.name, false), author_id: null },
    ]);
    occupiedAt = launchA.launch_at;
  });

  it('recalls garrisoned troops back to the army, never more than were sent', async () => {
    const garrison = await throne.garrisonDetails(a2.id);
    const mine = garrison.participants.find((entry) => entry.hiveUsername === 'archeress')!;
    expect(await refusal(throne.recall(a2.id, troops(0, mine.troops.archers + 1)))).toMatchObject({ status: 400 });
    const before = (await cityOf(a2)).army.archers;
    expect(await throne.recall(a2.id, troops(0, 10))).toEqual({ success: true, message: ThroneMessages.recalled });
    expect((await cityOf(a2)).army.archers).toBe(before + 10);
  });

  it('reaches full control after THRONE_FULL_CONTROL seconds and completes once, however many workers run it', async () => {
    const [garrisonA] = await dataSource.query(`SELECT sum(infantry)::int AS infantry, sum(archers)::int AS archers FROM throne_garrison`);
    const armiesBefore = await Promise.all([a1, a2].map(cityOf));
    clock.set(new Date(occupiedAt.getTime() + THRONE_FULL_CONTROL_SECONDS * 1000));
    await Promise.all([engine.advance(), secondWorker.advance(), engine.advance(), throne.status()]);
    await secondWorker.advance();

    const war = (await throne.status()).throneWars!;
    expect(war).toMatchObject({ status: 'completed', winner: { allianceName: 'House AAA', allianceTag: 'AAA', leaderName: 'warlord' } });
    expect(war.winner!.wonAt).toBe(clock.now().toISOString());
    expect(war.currentOccupier).toMatchObject({ fullControlMet: true, garrisonedTroops: troops(0) });
    expect(await refusal(throne.soloAttack(b1.id, troops(1)))).toEqual({ status: 409, error: ThroneMessages.notActive });

    // The garrison went home.
    const armiesAfter = await Promise.all([a1, a2].map(cityOf));
    expect(
      armiesAfter[0].army.infantry + armiesAfter[1].army.infantry - armiesBefore[0].army.infantry - armiesBefore[1].army.infantry,
    ).toBe(garrisonA.infantry);

    // Leader +2, members +1, once; B got nothing.
    const rewards = await dataSource.query(`SELECT player_id, role, levels_granted FROM throne_rewards ORDER BY player_id`);
    expect(
      rewards.map((row: { player_id: string; role: string; levels_granted: number }) => [
        Number(row.player_id),
        row.role,
        row.levels_granted,
      ]),
    ).toEqual([
      [a1.id, 'leader', 2],
      [a2.id, 'member', 1],
      [a3.id, 'member', 1],
    ]);
    expect(armiesAfter[0]).toMatchObject({
      chLevel: 8,
      levels: expect.objectContaining({ wheat: STARTING_BUILDING_LEVEL + 2, stables: STARTING_BUILDING_LEVEL + 2 }),
    });
    expect(armiesAfter[1]).toMatchObject({ chLevel: 7, levels: expect.objectContaining({ wheat: STARTING_BUILDING_LEVEL + 1 }) });
    expect(await cityOf(b1)).toMatchObject({ chLevel: 6 });

    // Run again later: nothing more.
    clock.set('2027-01-15T23:59:00Z');
    await Promise.all([engine.advance(), secondWorker.advance()]);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM throne_rewards`)).toEqual([{ n: 3 }]);
    expect((await cityOf(a1)).chLevel).toBe(8);
  });

  it('points at the next war once this one is over', async () => {
    expect(await throne.nextVoting()).toEqual({
      nextThroneWarDate: '2027-01-31T00:00:00.000Z',
      votingStartsAt: '2027-01-30T00:01:00.000Z',
      votingEndsAt: '2027-01-31T00:00:00.000Z',
    });
    expect(await refusal(throne.vote(b1.id, '1:00'))).toEqual({ status: 409, error: ThroneMessages.votingClosed });
  });

  it('starts a war nobody voted for at 13:00, and ends it at midnight with whoever holds the throne', async () => {
    clock.set('2027-01-31T12:00:00Z');
    expect((await throne.status()).throneWars).toMatchObject({
      warDate: '2027-01-31',
      status: 'waiting',
      battlePhase: { startTime: '2027-01-31T13:00:00.000Z' },
    });
    clock.set('2027-01-31T23:56:00Z');
    await throne.soloAttack(a3.id, troops(10));
    expect(await refusal(throne.createRally(b1.id, troops(10)))).toEqual({ status: 409, error: ThroneMessages.rallyTooLate });
    clock.set('2027-02-01T00:00:00Z');
    await secondWorker.advance();
    const war = (await throne.status()).throneWars!;
    expect(war).toMatchObject({ status: 'completed', winner: { allianceTag: 'AAA', wonAt: '2027-02-01T00:00:00.000Z' } });
    expect(war.currentOccupier!.fullControlMet).toBe(false);
    expect((await cityOf(a3)).army.infantry).toBe(100);
    expect(await dataSource.query(`SELECT count(*)::int AS n FROM throne_rewards`)).toEqual([{ n: 6 }]);
  });

  it('finishes a war left unfinished while nothing ran before it opens the next one', async () => {
    clock.set('2027-02-14T00:01:00Z');
    expect((await throne.status()).throneWars).toMatchObject({ warDate: '2027-02-15', status: 'voting' });
    // Nothing runs from the 14th to the 28th: the war of the 15th is played out (nobody came), then the next opens.
    clock.set('2027-02-28T00:05:00Z');
    expect((await throne.status()).throneWars).toMatchObject({ warDate: '2027-02-28', status: 'waiting' });
    const [missed] = await dataSource.query(`SELECT status, completed_at, winner_name FROM throne_wars WHERE war_date = '2027-02-15'`);
    expect(missed).toEqual({ status: 'completed', completed_at: new Date('2027-02-16T00:00:00Z'), winner_name: null });
  });
});
