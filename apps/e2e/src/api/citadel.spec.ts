import { Queue } from 'bullmq';
import { ApiRoutes, CitadelMessages, ErrorMessages } from '@runik/contract';
import type { CitadelAttackResponse, CitadelRewardsResponse, CitadelUserResponse, FloorResponse } from '@runik/contract';
import { bossMaxHp, bossReward, CITADEL_DAILY_REWARD_CAP, citadelCasualties, gameDay, seasonAt, Troops } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { cityRow, setArmy, thousandths } from '../support/attack';
import { CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { startStack, Stack } from '../support/stack';

// A stack of its own: the citadel's floors and bosses are everybody's, and a test starts a second worker.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

/**
 * The players of this file share one citadel (one database): the tests run in order, floor 1 is
 * fought, then defeated by the race, then floors 2 to 22 fall to one player.
 */
type Reply<T> = { status: number; data: T & { error?: string; newCurrentFloor?: number } };

const citadelUser = (player: CityPlayer) =>
  player.api.get<CitadelUserResponse>(ApiRoutes.citadelUser(player.username)) as Promise<Reply<CitadelUserResponse>>;
const floorView = (player: CityPlayer, floor: number | string) =>
  player.api.get<FloorResponse>(`/api/citadel/floor/${floor}`) as Promise<Reply<FloorResponse>>;
const rewardsOf = (player: CityPlayer, limit?: number) =>
  player.api.get<CitadelRewardsResponse>(
    limit === undefined ? `/api/citadel/rewards/${player.username}` : ApiRoutes.citadelRewards(player.username, limit),
  ) as Promise<Reply<CitadelRewardsResponse>>;
/** Just the status and body (an axios response is far too big for a failure message). */
const attackFloor = (player: CityPlayer, floor: number, body?: unknown): Promise<Reply<CitadelAttackResponse>> =>
  player.api.post(ApiRoutes.citadelAttack, body ?? { hiveUsername: player.username, floor }).then(({ status, data }) => ({ status, data }));

async function okData<T>(reply: Promise<Reply<T>>): Promise<T> {
  const { status, data } = await reply;
  if (status !== 200) throw new Error(`expected 200, got ${status} ${JSON.stringify(data)}`);
  return data;
}

async function playerWithArmy(army: Partial<Troops>, prefix = 'cit'): Promise<CityPlayer> {
  const player = await newCityPlayer(stack, prefix);
  await setArmy(stack, player, army);
  return player;
}

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await queryDatabase<T>(stack.database.url, sql, params))[0];
}

/** Everything a refused citadel call must leave untouched. */
function citadelSnapshot(): Promise<unknown[]> {
  return Promise.all([
    queryDatabase(stack.database.url, 'SELECT * FROM cities ORDER BY player_id'),
    queryDatabase(stack.database.url, 'SELECT * FROM citadel_state'),
    queryDatabase(stack.database.url, 'SELECT * FROM citadel_floors ORDER BY floor'),
    queryDatabase(stack.database.url, 'SELECT * FROM citadel_damage ORDER BY floor, player_id'),
    queryDatabase(stack.database.url, 'SELECT * FROM citadel_players ORDER BY player_id'),
    queryDatabase(stack.database.url, 'SELECT * FROM season_damage ORDER BY season_id, player_id'),
    queryDatabase(stack.database.url, 'SELECT count(*) FROM ledger_entries'),
  ]);
}

const NO_TROOPS = { infantry: 0, archers: 0, cavalries: 0 };
const FLOOR_1_HP = bossMaxHp(1);
const FLOOR_1_REWARD = bossReward(1);

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

describe('Abyssal Citadel', () => {
  let veteran: CityPlayer;
  let second: CityPlayer;

  it('shows a new player, the first floor and an empty reward history', async () => {
    const player = await newCityPlayer(stack, 'cit');
    const before = Date.now();
    const user = await okData(citadelUser(player));
    const after = Date.now();
    expect([gameDay(before).end.toISOString(), gameDay(after).end.toISOString()]).toContain(user.nextResetAt);
    expect(user).toEqual({
      globalCurrentFloor: 1,
      todayAttackCount: 0,
      nextResetAt: user.nextResetAt,
      user: { armyPower: 0, army: NO_TROOPS },
      totalStats: { totalDamageDealt: 0 },
      pendingRewards: 0,
      // No army: a hit would do nothing and cost nothing, so no number of hits fells the boss.
      preview: {
        bossHpLeft: 100,
        damagePerHit: 0,
        hitsToDefeat: null,
        nextHitCasualties: { dead: NO_TROOPS, injured: NO_TROOPS },
      },
    });
    expect(await okData(floorView(player, 1))).toEqual({
      floor: 1,
      status: 'current',
      isDefeated: false,
      currentHp: 100,
      maxHp: 100,
      healthPercentage: 100,
      reward: FLOOR_1_REWARD / 1000,
      bossImage: 1,
      totalParticipants: 0,
      topThreeDealers: [],
      allParticipants: [],
    });
    expect(await okData(rewardsOf(player))).toEqual({ rewards: [] });
  });

  it("refuses an attack without an army with the spec's message, changing nothing", async () => {
    const player = await newCityPlayer(stack, 'cit');
    const before = await citadelSnapshot();
    const { status, data } = await attackFloor(player, 1);
    expect(status).toBe(400);
    expect(data).toEqual({ error: 'You need an army to attack! Train some troops first.' });
    expect(await citadelSnapshot()).toEqual(before);
  });

  it('denies a floor above the current one: the view and an attack', async () => {
    const player = await playerWithArmy({ infantry: 1000 });
    const view = await floorView(player, 2);
    expect(view.status).toBe(403);
    expect(view.data).toEqual({ error: CitadelMessages.floorLocked });
    expect(view.data.error).toMatch(/^Access Denied/);
    const before = await citadelSnapshot();
    const attack = await attackFloor(player, 2);
    expect(attack.status).toBe(403);
    expect(attack.data).toEqual({ error: CitadelMessages.floorLocked });
    expect((await floorView(player, 999_999)).status).toBe(403);
    expect(await citadelSnapshot()).toEqual(before);
  });

  it('deals the army power, kills and injures by the attack number, counts the attack and ranks the participants', async () => {
    veteran = await playerWithArmy({ infantry: 1000, archers: 400, cavalries: 200 });
    const first = await okData(attackFloor(veteran, 1));
    expect(first).toEqual({
      battleId: expect.any(Number),
      damageDealt: 25.6,
      bossDefeated: false,
      userReward: null,
      bossRemainingHp: 74.4,
      newFloorUnlocked: false,
      newCurrentFloor: 1,
      todayAttackCount: 1,
      casualties: { dead: { infantry: 5, archers: 2, cavalries: 1 }, injured: { infantry: 10, archers: 4, cavalries: 2 } },
    });
    const row = await cityRow(stack, veteran);
    expect(row.army).toEqual({ infantry: 985, archers: 394, cavalries: 197 });
    expect(row.injured).toEqual({ infantry: 10, archers: 4, cavalries: 2 });
    expect(await okData(citadelUser(veteran))).toMatchObject({
      todayAttackCount: 1,
      user: { armyPower: 25.216, army: { infantry: 985, archers: 394, cavalries: 197 } },
      totalStats: { totalDamageDealt: 25.6 },
      // The only participant so far, paid by its share of the boss's 100 points: 1,800 × 25.6 / 100, rounded down.
      pendingRewards: 0.46,
    });

    second = await playerWithArmy({ archers: 500 });
    const third = await playerWithArmy({ cavalries: 100 });
    const fourth = await playerWithArmy({ infantry: 50 });
    expect((await okData(attackFloor(second, 1))).damageDealt).toBe(10.5);
    expect((await okData(attackFloor(third, 1))).damageDealt).toBe(3.6);
    // 0.5% and 1% of 50 are 0.25 and 0.5: a positive loss rounds up, never to nothing.
    expect((await okData(attackFloor(fourth, 1))).casualties).toEqual({
      dead: { ...NO_TROOPS, infantry: 1 },
      injured: { ...NO_TROOPS, infantry: 1 },
    });
    expect((await cityRow(stack, fourth)).army.infantry).toBe(48);
    const again = await okData(attackFloor(veteran, 1));
    expect(again).toMatchObject({ damageDealt: 25.216, todayAttackCount: 2, bossRemainingHp: 34.584 });
    expect(again.casualties).toEqual({
      dead: { infantry: 10, archers: 4, cavalries: 2 },
      injured: { infantry: 20, archers: 8, cavalries: 4 },
    });
    expect((await cityRow(stack, veteran)).injured).toEqual({ infantry: 30, archers: 12, cavalries: 6 });

    const floor = await okData(floorView(veteran, 1));
    // 65.416 dealt: the veteran 50.816, then 10.5, 3.6 and 0.5.
    const participants = [
      { hiveUsername: veteran.username, totalDamage: 50.816, damagePercentage: 77.68, attackCount: 2 },
      { hiveUsername: second.username, totalDamage: 10.5, damagePercentage: 16.05, attackCount: 1 },
      { hiveUsername: third.username, totalDamage: 3.6, damagePercentage: 5.5, attackCount: 1 },
      { hiveUsername: fourth.username, totalDamage: 0.5, damagePercentage: 0.76, attackCount: 1 },
    ];
    expect(floor).toEqual({
      floor: 1,
      status: 'current',
      isDefeated: false,
      currentHp: 34.584,
      maxHp: 100,
      healthPercentage: 34.58,
      reward: FLOOR_1_REWARD / 1000,
      bossImage: 1,
      totalParticipants: 4,
      topThreeDealers: participants.slice(0, 3),
      allParticipants: participants,
    });
    const veteranView = await okData(citadelUser(veteran));
    // What they will be paid for their damage so far: floor(1,800 × 50,816 / 100,000) and floor(1,800 × 500 / 100,000) thousandths.
    expect(FLOOR_1_REWARD).toBe(1_800);
    expect(veteranView).toMatchObject({ todayAttackCount: 2, totalStats: { totalDamageDealt: 50.816 }, pendingRewards: 0.914 });
    expect((await okData(citadelUser(fourth))).pendingRewards).toBe(0.009);
    // No reward moved yet.
    expect(await one(`SELECT count(*)::int AS n FROM ledger_entries WHERE reason IN ('citadel-reward', 'citadel-reward-locked')`)).toEqual({
      n: 0,
    });
  });

  it('a boss defeated by 30 simultaneous attacks pays once, shares plus the rounding make the reward, and one floor opens', async () => {
    // A total damage that is a prime (above every share's denominator factors 2 and 5): no share
    // divides evenly, so the rounding leaves something for the rewards account.
    const { dealt } = await one<{ dealt: string }>(`SELECT sum(total_damage) AS dealt FROM citadel_damage WHERE floor = 1`);
    let total = Number(dealt) + 3000;
    while (!isPrime(total)) total += 1;
    const hpLeft = total - Number(dealt);
    await queryDatabase(stack.database.url, `UPDATE citadel_floors SET current_hp = $1 WHERE floor = 1`, [hpLeft]);
    const floorsBefore = await queryDatabase(stack.database.url, 'SELECT floor FROM citadel_floors ORDER BY floor');
    expect(floorsBefore).toEqual([{ floor: 1 }]);

    const racers: CityPlayer[] = [];
    for (let batch = 0; batch < 3; batch++) {
      racers.push(
        ...(await Promise.all(Array.from({ length: 10 }, (_, i) => playerWithArmy({ infantry: 100 + 3 * (batch * 10 + i) }, 'race')))),
      );
    }
    const replies = await Promise.all(racers.map((racer) => attackFloor(racer, 1)));

    expect(replies.filter((reply) => reply.status !== 200 && reply.status !== 409)).toEqual([]);
    expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThanOrEqual(2);
    const landed = replies.map((reply, i) => ({ reply, racer: racers[i] })).filter(({ reply }) => reply.status === 200);
    const refused = replies.map((reply, i) => ({ reply, racer: racers[i] })).filter(({ reply }) => reply.status === 409);
    // Damage was dealt until the boss had none left, and not a point more.
    expect(landed.reduce((sum, { reply }) => sum + thousandths(reply.data.damageDealt), 0)).toBe(hpLeft);
    const killers = landed.filter(({ reply }) => reply.data.bossDefeated);
    expect(killers.map(({ reply }) => reply.data)).toHaveLength(1);
    for (const { reply } of landed.filter(({ reply }) => !reply.data.bossDefeated)) {
      expect(reply.data).toMatchObject({ userReward: null, newFloorUnlocked: false, newCurrentFloor: 1, todayAttackCount: 1 });
    }
    for (const { reply } of refused) expect(reply.data).toEqual({ error: 'This boss has already been defeated.', newCurrentFloor: 2 });
    // The refused lost nothing; the others lost the first attack's casualties.
    for (const { racer } of refused) expect((await cityRow(stack, racer)).army.infantry).toBe(100 + 3 * racers.indexOf(racer));
    for (const { racer, reply } of landed) {
      const army = { ...NO_TROOPS, infantry: 100 + 3 * racers.indexOf(racer) };
      expect(reply.data.casualties).toEqual(citadelCasualties(army, 1));
    }
    expect(
      await one(`SELECT count(*)::int AS n FROM citadel_players WHERE player_id = ANY($1)`, [refused.map(({ racer }) => racer.playerId)]),
    ).toEqual({ n: 0 });

    // One posting per kind (paid shares, free players' game-only ones): the mint pays the reward, split by damage, the rounding to system:rewards.
    const legs = await queryDatabase<{ posting_id: string; reason: string; code: string; player_id: string | null; delta: string }>(
      stack.database.url,
      `SELECT e.posting_id, e.reason, a.code, a.player_id, e.delta FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE e.reason IN ('citadel-reward', 'citadel-reward-locked') ORDER BY e.id`,
    );
    expect(new Set(legs.map((leg) => leg.posting_id)).size).toBe(new Set(legs.map((leg) => leg.reason)).size);
    const damages = await queryDatabase<{ player_id: string; total_damage: string }>(
      stack.database.url,
      `SELECT player_id, total_damage FROM citadel_damage WHERE floor = 1`,
    );
    expect(damages.reduce((sum, row) => sum + Number(row.total_damage), 0)).toBe(total);
    expect(damages).toHaveLength(4 + landed.length);
    const shares = new Map(damages.map((row) => [Number(row.player_id), Math.floor((FLOOR_1_REWARD * Number(row.total_damage)) / total)]));
    expect(legs.filter((leg) => leg.code === 'system:mint').reduce((sum, leg) => sum + Number(leg.delta), 0)).toBe(-FLOOR_1_REWARD);
    const paid = legs.filter((leg) => leg.player_id !== null);
    // A share that rounds to nothing gets no leg.
    const positive = new Map([...shares].filter(([, share]) => share > 0));
    expect(new Map(paid.map((leg) => [Number(leg.player_id), Number(leg.delta)]))).toEqual(positive);
    const paidTotal = paid.reduce((sum, leg) => sum + Number(leg.delta), 0);
    const remainder = legs.filter((leg) => leg.code === 'system:rewards').map((leg) => Number(leg.delta));
    expect(remainder).toEqual([FLOOR_1_REWARD - paidTotal]);
    expect(remainder[0]).toBeGreaterThan(0);
    expect(paidTotal + remainder[0]).toBe(FLOOR_1_REWARD);
    // A mint leg per posting, a leg per share, the rounding's.
    expect(legs).toHaveLength(new Set(legs.map((leg) => leg.posting_id)).size + positive.size + 1);
    const records = await queryDatabase<{ player_id: string; reward_thousandths: string }>(
      stack.database.url,
      `SELECT player_id, reward_thousandths FROM citadel_rewards WHERE floor = 1`,
    );
    expect(new Map(records.map((record) => [Number(record.player_id), Number(record.reward_thousandths)]))).toEqual(shares);

    // The killer learns its share; exactly one new floor, and it is current.
    const killer = killers[0];
    expect(killer.reply.data).toMatchObject({ bossDefeated: true, bossRemainingHp: 0, newFloorUnlocked: true, newCurrentFloor: 2 });
    expect(killer.reply.data.userReward).toEqual({ rewardAmount: shares.get(killer.racer.playerId)! / 1000 });
    expect(await one('SELECT current_floor FROM citadel_state')).toEqual({ current_floor: 2 });
    const floors = await queryDatabase<{
      floor: number;
      max_hp: string;
      current_hp: string;
      reward_thousandths: string;
      defeated_at: Date | null;
    }>(stack.database.url, 'SELECT * FROM citadel_floors ORDER BY floor');
    expect(
      floors.map(({ floor, max_hp, current_hp, reward_thousandths, defeated_at }) => [
        floor,
        Number(max_hp),
        Number(current_hp),
        Number(reward_thousandths),
        defeated_at !== null,
      ]),
    ).toEqual([
      [1, FLOOR_1_HP, 0, FLOOR_1_REWARD, true],
      [2, bossMaxHp(2), bossMaxHp(2), bossReward(2), false],
    ]);
  });

  it('after the defeat: the fallen floor is shown defeated and refuses attacks, the next one is open, rewards are recorded', async () => {
    const fallen = await okData(floorView(veteran, 1));
    const { n: participants } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM citadel_damage WHERE floor = 1`);
    expect(fallen).toMatchObject({
      floor: 1,
      status: 'defeated',
      isDefeated: true,
      currentHp: 0,
      maxHp: 100,
      healthPercentage: 0,
      totalParticipants: participants,
    });
    expect(fallen.allParticipants).toHaveLength(participants);
    expect(fallen.topThreeDealers).toEqual(fallen.allParticipants.slice(0, 3));
    const dealt = fallen.allParticipants.map((participant) => participant.totalDamage);
    expect(dealt).toEqual([...dealt].sort((a, b) => b - a));
    expect(fallen.allParticipants[0]).toMatchObject({ hiveUsername: veteran.username, totalDamage: 50.816, attackCount: 2 });
    const next = await okData(floorView(veteran, 2));
    expect(next).toEqual({
      floor: 2,
      status: 'current',
      isDefeated: false,
      currentHp: bossMaxHp(2) / 1000,
      maxHp: bossMaxHp(2) / 1000,
      healthPercentage: 100,
      reward: bossReward(2) / 1000,
      bossImage: 2,
      totalParticipants: 0,
      topThreeDealers: [],
      allParticipants: [],
    });
    expect((await floorView(veteran, 3)).status).toBe(403);

    const before = await citadelSnapshot();
    const late = await attackFloor(second, 1);
    expect(late.status).toBe(409);
    expect(late.data).toEqual({ error: CitadelMessages.bossDefeated, newCurrentFloor: 2 });
    expect(await citadelSnapshot()).toEqual(before);

    const user = await okData(citadelUser(veteran));
    expect(user).toMatchObject({ globalCurrentFloor: 2, todayAttackCount: 2, totalStats: { totalDamageDealt: 50.816 }, pendingRewards: 0 });

    const [{ reward_thousandths, distributed_at }] = await queryDatabase<{ reward_thousandths: string; distributed_at: Date }>(
      stack.database.url,
      'SELECT reward_thousandths, distributed_at FROM citadel_rewards WHERE floor = 1 AND player_id = $1',
      [veteran.playerId],
    );
    const { floorDamage } = await one<{ floorDamage: string }>(
      `SELECT sum(total_damage) AS "floorDamage" FROM citadel_damage WHERE floor = 1`,
    );
    expect(await okData(rewardsOf(veteran))).toEqual({
      rewards: [
        {
          floor: 1,
          damageDealt: 50.816,
          damagePercentage: Math.round((50_816 * 10_000) / Number(floorDamage)) / 100,
          rewardAmount: Number(reward_thousandths) / 1000,
          distributedAt: distributed_at.toISOString(),
        },
      ],
    });
  });

  it('one player fells 21 floors: boss images cycle, the daily count climbs, rewards stop at the daily cap, the history keeps the newest 20 (or fewer on request)', async () => {
    const champion = await playerWithArmy({ infantry: 1_000_000 });
    let lastReply: CitadelAttackResponse | undefined;
    let armyBeforeLast = 0;
    // Each floor pays its whole reward to its only participant until the day's cap is reached, then nothing.
    const paidOn = new Map<number, number>();
    let paidToday = 0;
    for (let floor = 2; floor <= 22; floor++) {
      await queryDatabase(stack.database.url, `UPDATE citadel_floors SET current_hp = 1 WHERE floor = $1`, [floor]);
      if (floor === 22) armyBeforeLast = (await cityRow(stack, champion)).army.infantry;
      paidOn.set(floor, Math.min(bossReward(floor), CITADEL_DAILY_REWARD_CAP - paidToday));
      paidToday += paidOn.get(floor)!;
      lastReply = await okData(attackFloor(champion, floor));
      expect(lastReply).toMatchObject({
        damageDealt: 0.001,
        bossDefeated: true,
        newCurrentFloor: floor + 1,
        userReward: { rewardAmount: paidOn.get(floor)! / 1000 },
      });
    }
    expect(paidToday).toBe(CITADEL_DAILY_REWARD_CAP);
    expect(lastReply!.todayAttackCount).toBe(21);
    expect(lastReply!.casualties).toEqual(citadelCasualties({ ...NO_TROOPS, infantry: armyBeforeLast }, 21));
    expect(lastReply!.casualties.dead.infantry).toBe(Math.ceil((armyBeforeLast * 105) / 1000));
    expect((await okData(floorView(champion, 13))).bossImage).toBe(1);
    expect((await okData(floorView(champion, 14))).bossImage).toBe(2);
    expect((await okData(floorView(champion, 23))).bossImage).toBe(11);

    const history = (await okData(rewardsOf(champion))).rewards;
    expect(history.map((record) => record.floor)).toEqual(Array.from({ length: 20 }, (_, i) => 22 - i));
    for (const record of history) {
      expect(record).toEqual({
        floor: record.floor,
        damageDealt: 0.001,
        damagePercentage: 100,
        rewardAmount: paidOn.get(record.floor)! / 1000,
        distributedAt: expect.any(String),
      });
    }
    expect((await okData(rewardsOf(champion, 5))).rewards.map((record) => record.floor)).toEqual([22, 21, 20, 19, 18]);
    expect((await okData(rewardsOf(champion, 20))).rewards).toEqual(history);
    // A floor that paid nothing minted nothing: a payout for floor 1, one for each floor that paid the champion.
    const paying = [...paidOn.values()].filter((paid) => paid > 0).length;
    expect(paying).toBeLessThan(21);
    expect(
      await one(
        `SELECT count(DISTINCT reference)::int AS n FROM ledger_entries WHERE reason IN ('citadel-reward', 'citadel-reward-locked')`,
      ),
    ).toEqual({
      n: 1 + paying,
    });
  });

  it("refuses another player's name (403) and a call without a session (401)", async () => {
    const other = await newCityPlayer(stack, 'cit');
    for (const reply of [
      await veteran.api.get(ApiRoutes.citadelUser(other.username)),
      await veteran.api.get(ApiRoutes.citadelRewards(other.username)),
      await veteran.api.post(ApiRoutes.citadelAttack, { hiveUsername: other.username, floor: 23 }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.data).toEqual({ error: ErrorMessages.notYourAccount });
    }
    const anonymous = apiClient(stack.apiUrl);
    for (const reply of [
      await anonymous.get(ApiRoutes.citadelUser(veteran.username)),
      await anonymous.get(ApiRoutes.citadelFloor(1)),
      await anonymous.get(ApiRoutes.citadelRewards(veteran.username)),
      await anonymous.post(ApiRoutes.citadelAttack, { hiveUsername: veteran.username, floor: 23 }),
    ]) {
      expect(reply.status).toBe(401);
      expect(reply.data).toEqual({ error: ErrorMessages.sessionRequired });
    }
  });

  it('answers bad input with 400 on every call, changing nothing', async () => {
    const player = await playerWithArmy({ infantry: 1000 });
    const before = await citadelSnapshot();
    const user = `/api/citadel/user/${player.username}`;
    const rewards = `/api/citadel/rewards/${player.username}`;
    const gets: [string, string | null][] = [
      [`${user}?extra=1`, null],
      ['/api/citadel/floor/abc', CitadelMessages.invalidFloor],
      ['/api/citadel/floor/0', CitadelMessages.invalidFloor],
      ['/api/citadel/floor/-1', CitadelMessages.invalidFloor],
      ['/api/citadel/floor/1.5', CitadelMessages.invalidFloor],
      ['/api/citadel/floor/01', CitadelMessages.invalidFloor],
      ['/api/citadel/floor/1e3', CitadelMessages.invalidFloor],
      ['/api/citadel/floor/1234567', CitadelMessages.invalidFloor],
      ['/api/citadel/floor/1?extra=1', null],
      [`${rewards}?limit=0`, CitadelMessages.invalidLimit],
      [`${rewards}?limit=21`, CitadelMessages.invalidLimit],
      [`${rewards}?limit=abc`, CitadelMessages.invalidLimit],
      [`${rewards}?limit=1.5`, CitadelMessages.invalidLimit],
      [`${rewards}?limit=-1`, CitadelMessages.invalidLimit],
      [`${rewards}?limit=`, CitadelMessages.invalidLimit],
      [`${rewards}?limit=5&extra=1`, null],
    ];
    for (const [path, message] of gets) {
      const reply = await player.api.get(path);
      expect([path, reply.status]).toEqual([path, 400]);
      expect(typeof reply.data.error).toBe('string');
      if (message) expect([path, reply.data.error]).toEqual([path, message]);
    }
    const bodies: [unknown, string | null][] = [
      [{ hiveUsername: player.username }, CitadelMessages.invalidFloor],
      [{ hiveUsername: player.username, floor: '23' }, CitadelMessages.invalidFloor],
      [{ hiveUsername: player.username, floor: 0 }, CitadelMessages.invalidFloor],
      [{ hiveUsername: player.username, floor: -1 }, CitadelMessages.invalidFloor],
      [{ hiveUsername: player.username, floor: 1.5 }, CitadelMessages.invalidFloor],
      [{ hiveUsername: player.username, floor: null }, CitadelMessages.invalidFloor],
      [{ hiveUsername: player.username, floor: 1_000_000 }, CitadelMessages.invalidFloor],
      [{ hiveUsername: player.username, floor: 23, extra: true }, null],
      [{ floor: 23 }, null],
      [[], null],
      ['floor=23', null],
    ];
    for (const [body, message] of bodies) {
      const reply = await player.api.post(
        ApiRoutes.citadelAttack,
        body,
        typeof body === 'string' ? { headers: { 'content-type': 'application/json' } } : undefined,
      );
      expect([body, reply.status]).toEqual([body, 400]);
      expect(typeof reply.data.error).toBe('string');
      if (message) expect([body, reply.data.error]).toEqual([body, message]);
    }
    expect(await citadelSnapshot()).toEqual(before);
  });

  it('the worker schedules the daily reset and the season rollover at 08:00 in Manila, once however many workers start', async () => {
    const queue = new Queue('schedules', { connection: { url: 'redis://127.0.0.1:6379' }, prefix: `${stack.redisPrefix}-bull` });
    try {
      const expected = () => [
        {
          key: 'citadel-daily-reset',
          name: 'citadel-daily-reset',
          pattern: '0 8 * * *',
          tz: 'Asia/Manila',
          next: gameDay(Date.now()).end.getTime(),
        },
        {
          key: 'season-rollover',
          name: 'season-rollover',
          pattern: '0 8 * * *',
          tz: 'Asia/Manila',
          next: gameDay(Date.now()).end.getTime(),
        },
      ];
      // The citadel's and the season's schedulers (the throne's have their own tests).
      const schedulers = async () =>
        (await queue.getJobSchedulers())
          .filter(({ key }) => key === 'citadel-daily-reset' || key === 'season-rollover')
          .map(({ key, name, pattern, tz, next }) => ({ key, name, pattern, tz, next }))
          .sort((a, b) => a.key.localeCompare(b.key));
      expect(await schedulers()).toEqual(expected());
      // A second worker upserts the same schedulers: still one of each.
      await stack.startWorker();
      expect(await schedulers()).toEqual(expected());
      // Starting, the worker recorded the season now running.
      const current = seasonAt(Date.now());
      expect(await one(`SELECT season_id, label FROM seasons WHERE season_id = $1`, [current.seasonId])).toEqual({
        season_id: current.seasonId,
        label: current.label,
      });
    } finally {
      await queue.close();
    }
  });
});
