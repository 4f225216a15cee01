import { bossMaxHp, bossReward, CITADEL_DAILY_REWARD_CAP, Troops, troopRunikMillionths, UNIT_KEYS } from '@runik/rules';
import { AllianceChatLineTexts, CitadelMessages, LeaderboardMessages } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { SeasonJobs } from '../leaderboard/season.jobs';
import { TestClock } from '../testing/test-clock';
import { testChatLines, testNotifier } from '../testing/test-notifier';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { CitadelJobs } from './citadel.jobs';
import { CitadelService } from './citadel.service';

let t: ServiceTest;
const clock = new TestClock('2026-03-01T10:00:00Z');
let citadel: CitadelService;
let citadelJobs: CitadelJobs;
let seasonJobs: SeasonJobs;
let leaderboards: LeaderboardService;

beforeAll(async () => {
  t = await createServiceTest({ clock });
  citadel = new CitadelService(t.dataSource, t.cities, t.ledger, clock, testNotifier(clock), t.emission, t.quests, testChatLines(clock));
  citadelJobs = new CitadelJobs(t.dataSource, clock);
  seasonJobs = new SeasonJobs(t.dataSource, clock);
  leaderboards = new LeaderboardService(t.dataSource, clock);
});
afterAll(() => t?.close());

let playerCount = 0;
/** A registered player (player row, ledger account, starting city) with the given army. */
async function newPlayer(army: Partial<Troops>): Promise<{ playerId: number; username: string }> {
  playerCount += 1;
  const username = `cit${playerCount}`;
  const playerId = await t.newPlayer(username, { army });
  return { playerId, username };
}

async function troopsOf(playerId: number): Promise<{ army: Troops; injured: Troops }> {
  const [row] = await t.dataSource.query(`SELECT * FROM cities WHERE player_id = $1`, [playerId]);
  return {
    army: { infantry: Number(row.infantry), archers: Number(row.archers), cavalries: Number(row.cavalries) },
    injured: { infantry: Number(row.injured_infantry), archers: Number(row.injured_archers), cavalries: Number(row.injured_cavalries) },
  };
}

/** A boss this many thousandths of HP from falling (the floor's own row). */
async function setBossHp(floor: number, hp: number): Promise<void> {
  await t.dataSource.query(`UPDATE citadel_floors SET current_hp = $2 WHERE floor = $1`, [floor, hp]);
}

async function rejection(promise: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to be refused');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { status: (error as ApiError).getStatus(), body: (error as ApiError).getResponse() as Record<string, unknown> };
}

describe('CitadelService attacks and the daily count', () => {
  // The boss must not fall in these tests: far more hit points than any army here deals.
  beforeAll(() => setBossHp(1, 1_000_000_000));

  it('kills 0.5% × n and injures 1% × n of each troop type on the n-th attack of the day, rounded up', async () => {
    clock.set('2026-03-01T10:00:00Z');
    const { playerId } = await newPlayer({ infantry: 1000, archers: 400, cavalries: 200 });

    const first = await citadel.attack(playerId, 1);
    // Power before the losses: 1000 × 0.010 + 400 × 0.021 + 200 × 0.036.
    expect(first.damageDealt).toBe(25.6);
    expect(first.todayAttackCount).toBe(1);
    expect(first.casualties).toEqual({
      dead: { infantry: 5, archers: 2, cavalries: 1 },
      injured: { infantry: 10, archers: 4, cavalries: 2 },
    });
    expect(await troopsOf(playerId)).toEqual({
      army: { infantry: 985, archers: 394, cavalries: 197 },
      injured: { infantry: 10, archers: 4, cavalries: 2 },
    });

    const second = await citadel.attack(playerId, 1);
    expect(second.damageDealt).toBe(25.216);
    expect(second.todayAttackCount).toBe(2);
    // 1% of 985 = 9.85 → 10 dead, 2% = 19.7 → 20 injured; 394 → 4 and 8; 197 → 2 and 4.
    expect(second.casualties).toEqual({
      dead: { infantry: 10, archers: 4, cavalries: 2 },
      injured: { infantry: 20, archers: 8, cavalries: 4 },
    });

    const third = await citadel.attack(playerId, 1);
    expect(third.damageDealt).toBe(24.448);
    expect(third.todayAttackCount).toBe(3);
    // 1.5% of 955 = 14.325 → 15, 3% = 28.65 → 29; 382 → 6 and 12; 191 → 3 and 6.
    expect(third.casualties).toEqual({
      dead: { infantry: 15, archers: 6, cavalries: 3 },
      injured: { infantry: 29, archers: 12, cavalries: 6 },
    });
    expect(await troopsOf(playerId)).toEqual({
      army: { infantry: 911, archers: 364, cavalries: 182 },
      injured: { infantry: 59, archers: 24, cavalries: 12 },
    });

    const user = await citadel.user(playerId);
    expect(user.todayAttackCount).toBe(3);
    expect(user.totalStats.totalDamageDealt).toBe(75.264);
    expect(user.user.army).toEqual({ infantry: 911, archers: 364, cavalries: 182 });
    expect(user.user.armyPower).toBe(23.306); // 9.11 + 7.644 + 6.552
  });

  it('never rounds a loss to zero: one infantry dies on its first attack, and each attack is recorded with its losses', async () => {
    clock.set('2026-03-01T10:00:00Z');
    const { playerId } = await newPlayer({ infantry: 99 });
    // 0.5% of 99 = 0.495 and 1% = 0.99: one dead and one injured.
    const attack = await citadel.attack(playerId, 1);
    expect(attack.casualties).toEqual({
      dead: { infantry: 1, archers: 0, cavalries: 0 },
      injured: { infantry: 1, archers: 0, cavalries: 0 },
    });
    expect(await troopsOf(playerId)).toEqual({
      army: { infantry: 97, archers: 0, cavalries: 0 },
      injured: { infantry: 1, archers: 0, cavalries: 0 },
    });

    // Issue 18: one infantry attacked 99 times and lost nothing. Now it falls on its first attack.
    const lone = await newPlayer({ infantry: 1 });
    const only = await citadel.attack(lone.playerId, 1);
    expect(only.casualties).toEqual({
      dead: { infantry: 1, archers: 0, cavalries: 0 },
      injured: { infantry: 0, archers: 0, cavalries: 0 },
    });
    expect(await rejection(citadel.attack(lone.playerId, 1))).toEqual({ status: 400, body: { error: CitadelMessages.noArmy } });

    // Three infantry: every attack loses at least one until none is left, and each is on record.
    const few = await newPlayer({ infantry: 3 });
    const losses: number[] = [];
    for (let attack = 0; attack < 3 && (await troopsOf(few.playerId)).army.infantry > 0; attack++) {
      const reply = await citadel.attack(few.playerId, 1);
      expect(reply.casualties.dead.infantry).toBeGreaterThanOrEqual(1);
      losses.push(reply.casualties.dead.infantry + reply.casualties.injured.infantry);
    }
    expect(losses).toEqual([2, 1]);
    expect(await troopsOf(few.playerId)).toEqual({
      army: { infantry: 0, archers: 0, cavalries: 0 },
      injured: { infantry: 1, archers: 0, cavalries: 0 },
    });
    const recorded: { attack_number: number; casualties: unknown }[] = await t.dataSource.query(
      `SELECT attack_number, casualties FROM citadel_attacks WHERE player_id = $1 ORDER BY id`,
      [few.playerId],
    );
    expect(recorded).toEqual([
      {
        attack_number: 1,
        casualties: { dead: { infantry: 1, archers: 0, cavalries: 0 }, injured: { infantry: 1, archers: 0, cavalries: 0 } },
      },
      {
        attack_number: 2,
        casualties: { dead: { infantry: 1, archers: 0, cavalries: 0 }, injured: { infantry: 0, archers: 0, cavalries: 0 } },
      },
    ]);
  });

  it('refuses a player without an army and changes nothing', async () => {
    const { playerId } = await newPlayer({});
    const before = await t.dataSource.query(`SELECT * FROM citadel_floors ORDER BY floor`);
    expect(await rejection(citadel.attack(playerId, 1))).toEqual({ status: 400, body: { error: CitadelMessages.noArmy } });
    expect(await t.dataSource.query(`SELECT * FROM citadel_players WHERE player_id = $1`, [playerId])).toEqual([]);
    expect(await t.dataSource.query(`SELECT * FROM citadel_floors ORDER BY floor`)).toEqual(before);
  });

  it('starts the count again at 08:00 in Manila (00:00 UTC), not at midnight in Manila', async () => {
    const { playerId } = await newPlayer({ infantry: 10_000 });
    // 23:30 on 1 March in Manila: the game day that began at 08:00 on 1 March.
    clock.set('2026-03-01T15:30:00Z');
    expect((await citadel.attack(playerId, 1)).todayAttackCount).toBe(1);
    // 00:30 on 2 March in Manila: a new calendar day there, but the same game day.
    clock.set('2026-03-01T16:30:00Z');
    expect((await citadel.attack(playerId, 1)).todayAttackCount).toBe(2);
    // 07:59:59.999 in Manila: still the same day.
    clock.set('2026-03-01T23:59:59.999Z');
    const user = await citadel.user(playerId);
    expect(user.todayAttackCount).toBe(2);
    expect(user.nextResetAt).toBe('2026-03-02T00:00:00.000Z');
    const third = await citadel.attack(playerId, 1);
    expect(third.todayAttackCount).toBe(3);
    // The third attack's rates (1.5% and 3%) on the 9,554 left after two: 143.31 → 144 and 286.62 → 287.
    expect(third.casualties).toMatchObject({ dead: { infantry: 144 }, injured: { infantry: 287 } });
    const armyBefore = (await troopsOf(playerId)).army.infantry;

    // 08:00 in Manila: the count reads 0 at once, before any job has run.
    clock.set('2026-03-02T00:00:00.000Z');
    const reset = await citadel.user(playerId);
    expect(reset.todayAttackCount).toBe(0);
    expect(reset.nextResetAt).toBe('2026-03-03T00:00:00.000Z');
    const fresh = await citadel.attack(playerId, 1);
    expect(fresh.todayAttackCount).toBe(1);
    // Back to the first attack's rates.
    expect(fresh.casualties.dead.infantry).toBe(Math.ceil(armyBefore * 0.005));
    expect(fresh.casualties.injured.infantry).toBe(Math.ceil(armyBefore * 0.01));
    const [stored] = await t.dataSource.query(`SELECT day, today_attack_count FROM citadel_players WHERE player_id = $1`, [playerId]);
    expect(stored).toEqual({ day: '2026-03-02', today_attack_count: 1 });
  });

  it('the daily reset job zeroes every count from an earlier game day, once', async () => {
    clock.set('2026-03-02T12:00:00Z');
    const yesterday = await newPlayer({ infantry: 1000 });
    clock.set('2026-03-02T23:59:00Z');
    await citadel.attack(yesterday.playerId, 1);
    await citadel.attack(yesterday.playerId, 1);

    clock.set('2026-03-03T00:00:00Z');
    const today = await newPlayer({ infantry: 1000 });
    await citadel.attack(today.playerId, 1);
    const reset = await citadelJobs.dailyReset();
    // Every player who last attacked before today's 08:00 in Manila (this one and the earlier tests').
    const stale = await t.dataSource.query(`SELECT count(*)::int AS n FROM citadel_players WHERE player_id <> $1`, [today.playerId]);
    expect(reset).toBe(stale[0].n);
    expect(
      await t.dataSource.query(`SELECT day, today_attack_count FROM citadel_players WHERE player_id = $1`, [yesterday.playerId]),
    ).toEqual([{ day: '2026-03-03', today_attack_count: 0 }]);
    // Today's attack keeps its count; a second run finds nothing to do.
    expect(await t.dataSource.query(`SELECT day, today_attack_count FROM citadel_players WHERE player_id = $1`, [today.playerId])).toEqual([
      { day: '2026-03-03', today_attack_count: 1 },
    ]);
    expect(await citadelJobs.dailyReset()).toBe(0);
    expect((await citadel.attack(yesterday.playerId, 1)).todayAttackCount).toBe(1);
  });

  it.each([
    // Across a year end, a leap day, a month end, and midnight in Manila.
    ['2026-12-31T23:59:59.999Z', '2027-01-01T00:00:00.000Z'],
    ['2027-01-01T00:00:00.000Z', '2027-01-02T00:00:00.000Z'],
    ['2028-02-28T12:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
    ['2027-02-28T16:00:00.000Z', '2027-03-01T00:00:00.000Z'],
  ])('at %s the next reset is %s', async (now, next) => {
    clock.set(now);
    const { playerId } = await newPlayer({ infantry: 100 });
    expect((await citadel.user(playerId)).nextResetAt).toBe(next);
    // An attack one millisecond before that reset still counts on the same day; at the reset it is the first again.
    clock.set(new Date(Date.parse(next) - 1).toISOString());
    await citadel.attack(playerId, 1);
    expect((await citadel.attack(playerId, 1)).todayAttackCount).toBe(2);
    clock.set(next);
    expect((await citadel.user(playerId)).todayAttackCount).toBe(0);
    expect((await citadel.attack(playerId, 1)).todayAttackCount).toBe(1);
  });
});

describe('CitadelService boss defeat', () => {
  it('pays the reward once by damage share, the rounding to the rewards account, and opens the next floor', async () => {
    clock.set('2026-04-01T09:00:00Z');
    const [{ current_floor: floor }] = await t.dataSource.query(`SELECT current_floor FROM citadel_state`);
    const a = await newPlayer({ infantry: 1000 });
    const b = await newPlayer({ archers: 1000 });
    await citadel.attack(a.playerId, floor);
    await citadel.attack(b.playerId, floor);
    // 7 thousandths of hit points left, which b's next attack (21 power points) will deal.
    await setBossHp(floor, 7);

    // Before the boss falls, each sees the share of all the damage the boss takes, the 7 left included.
    const damages: { player_id: string; total_damage: string }[] = await t.dataSource.query(
      `SELECT player_id, total_damage FROM citadel_damage WHERE floor = $1`,
      [floor],
    );
    const total = damages.reduce((sum, row) => sum + Number(row.total_damage), 0);
    const reward = bossReward(floor);
    const shareOf = (playerId: number, all = total + 7) =>
      Math.floor((reward * Number(damages.find((row) => Number(row.player_id) === playerId)?.total_damage ?? 0)) / all);
    expect((await citadel.user(a.playerId)).pendingRewards).toBe(shareOf(a.playerId) / 1000);
    const pending = new Map([a, b].map((player) => [player.playerId, 0]));
    for (const player of [a, b]) pending.set(player.playerId, (await citadel.user(player.playerId)).pendingRewards);

    // a and b fight in one alliance: its chat hears of the boss.
    const [{ id: allianceId }] = await t.dataSource.query(
      `INSERT INTO alliances (name, tag, icon, description, leader_id, max_members, created_at) VALUES ('Boss Hunters', 'BHT', 'shield', '', $1, 10, now()) RETURNING id`,
      [a.playerId],
    );
    await t.dataSource.query(`INSERT INTO alliance_members (player_id, alliance_id, joined_at) SELECT unnest($1::bigint[]), $2, now()`, [
      [a.playerId, b.playerId],
      allianceId,
    ]);

    const killing = await citadel.attack(b.playerId, floor);
    expect(killing).toMatchObject({
      damageDealt: 0.007,
      bossDefeated: true,
      bossRemainingHp: 0,
      newFloorUnlocked: true,
      newCurrentFloor: floor + 1,
    });

    const finalDamages: { player_id: string; total_damage: string }[] = await t.dataSource.query(
      `SELECT player_id, total_damage FROM citadel_damage WHERE floor = $1`,
      [floor],
    );
    const finalTotal = total + 7;
    const expected = new Map(
      finalDamages.map((row) => [Number(row.player_id), Math.floor((reward * Number(row.total_damage)) / finalTotal)]),
    );
    expect(killing.userReward).toEqual({ rewardAmount: expected.get(b.playerId)! / 1000 });
    // Named by damage dealt: only the alliance's members (others fought this floor in earlier tests).
    const names = [a, b]
      .map((player) => ({ ...player, damage: Number(finalDamages.find((row) => Number(row.player_id) === player.playerId)!.total_damage) }))
      .sort((x, y) => y.damage - x.damage)
      .map((player) => player.username);
    expect(
      await t.dataSource.query(`SELECT text, author_id FROM alliance_chat_messages WHERE alliance_id = $1 AND source = $2`, [
        allianceId,
        `citadel-floor:${floor}`,
      ]),
    ).toEqual([{ text: AllianceChatLineTexts.bossDefeated(floor, names), author_id: null }]);
    // What a was shown as pending is what a was paid; b was paid that and the share of the last blow.
    expect(pending.get(a.playerId)).toBe(expected.get(a.playerId)! / 1000);
    const lastBlowShare = expected.get(b.playerId)! - Math.round(pending.get(b.playerId)! * 1000);
    expect(lastBlowShare).toBeGreaterThanOrEqual(0);
    expect(lastBlowShare).toBeLessThanOrEqual(Math.ceil((reward * 7) / finalTotal));

    const legs: { code: string; player_id: string | null; delta: string }[] = await t.dataSource.query(
      `SELECT a.code, a.player_id, e.delta FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.reason IN ('citadel-reward', 'citadel-reward-locked') AND e.reference = $1`,
      [`citadel-floor:${floor}`],
    );
    const mint = legs.filter((leg) => leg.code === 'system:mint');
    const rewardsAccount = legs.filter((leg) => leg.code === 'system:rewards');
    const players = legs.filter((leg) => leg.player_id !== null);
    // Paid shares and free players' game-only shares are two postings; the mint pays the reward across them.
    expect(mint.reduce((sum, leg) => sum + Number(leg.delta), 0)).toBe(-reward);
    expect(new Map(players.map((leg) => [Number(leg.player_id), Number(leg.delta)]))).toEqual(
      new Map([...expected].filter(([, share]) => share > 0)),
    );
    const paid = [...expected.values()].reduce((sum, share) => sum + share, 0);
    expect(rewardsAccount.map((leg) => Number(leg.delta))).toEqual(paid === reward ? [] : [reward - paid]);
    expect(paid + rewardsAccount.reduce((sum, leg) => sum + Number(leg.delta), 0)).toBe(reward);

    // The next floor, fresh.
    expect(await t.dataSource.query(`SELECT current_floor FROM citadel_state`)).toEqual([{ current_floor: floor + 1 }]);
    const next = await citadel.floor(floor + 1);
    expect(next).toMatchObject({
      floor: floor + 1,
      isDefeated: false,
      currentHp: bossMaxHp(floor + 1) / 1000,
      maxHp: bossMaxHp(floor + 1) / 1000,
      totalParticipants: 0,
    });
    expect(await citadel.floor(floor)).toMatchObject({ isDefeated: true, status: 'defeated', currentHp: 0, healthPercentage: 0 });

    // The history: one record per participant, stamped with the clock.
    const history = await citadel.rewards(a.playerId, 20);
    expect(history.rewards).toEqual([
      {
        floor,
        damageDealt: Number(finalDamages.find((row) => Number(row.player_id) === a.playerId)!.total_damage) / 1000,
        damagePercentage:
          Math.round((Number(finalDamages.find((row) => Number(row.player_id) === a.playerId)!.total_damage) * 10_000) / finalTotal) / 100,
        rewardAmount: expected.get(a.playerId)! / 1000,
        distributedAt: '2026-04-01T09:00:00.000Z',
      },
    ]);

    // The fallen boss cannot be attacked again; the floor above the new one is not reached.
    expect(await rejection(citadel.attack(a.playerId, floor))).toEqual({
      status: 409,
      body: { error: CitadelMessages.bossDefeated, newCurrentFloor: floor + 1 },
    });
    expect(await rejection(citadel.attack(a.playerId, floor + 2))).toEqual({ status: 403, body: { error: CitadelMessages.floorLocked } });
    expect(await rejection(citadel.floor(floor + 2))).toEqual({ status: 403, body: { error: CitadelMessages.floorLocked } });
    expect((await citadel.user(a.playerId)).pendingRewards).toBe(0);
  });
  /** Brings the current floor down (a throwaway player's last blow) so the next one opens fresh; returns the fresh floor. */
  async function freshFloor(): Promise<number> {
    const [{ current_floor: floor }] = await t.dataSource.query(`SELECT current_floor FROM citadel_state`);
    await setBossHp(floor, 1);
    await citadel.attack((await newPlayer({ infantry: 1 })).playerId, floor);
    return floor + 1;
  }

  async function citadelPostings(floor: number): Promise<{ mint: number; players: Map<number, number>; rewardsAccount: number }> {
    const legs: { code: string; player_id: string | null; delta: string }[] = await t.dataSource.query(
      `SELECT a.code, a.player_id, e.delta FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.reason IN ('citadel-reward', 'citadel-reward-locked') AND e.reference = $1`,
      [`citadel-floor:${floor}`],
    );
    const sum = (code: string) => legs.filter((leg) => leg.code === code).reduce((total, leg) => total + Number(leg.delta), 0);
    return {
      mint: sum('system:mint'),
      players: new Map(legs.filter((leg) => leg.player_id !== null).map((leg) => [Number(leg.player_id), Number(leg.delta)])),
      rewardsAccount: sum('system:rewards'),
    };
  }

  it('caps what a player is paid in a game day: the pending reward shows the cap, the rest is never minted, the next day pays again', async () => {
    clock.set('2026-04-02T01:00:00Z');
    let floor = await freshFloor();
    const hero = await newPlayer({ archers: 100_000 });
    const helper = await newPlayer({ infantry: 100 });
    // The floors' real rewards are far below the cap: these floors are given larger ones.
    const setReward = (reward: number) =>
      t.dataSource.query(`UPDATE citadel_floors SET reward_thousandths = $2 WHERE floor = $1`, [floor, reward]);

    // 20 RUNIK of the 25 a day: paid in full.
    await setReward(20_000);
    expect(await citadel.attack(hero.playerId, floor)).toMatchObject({ bossDefeated: true, userReward: { rewardAmount: 20 } });
    expect((await citadelPostings(floor)).players).toEqual(new Map([[hero.playerId, 20_000]]));

    // A 40 RUNIK floor shared with a helper: 5 RUNIK of the hero's share are left under the cap, and that is what the page shows.
    floor += 1;
    await setReward(40_000);
    await setBossHp(floor, 1_000_000_000);
    await citadel.attack(helper.playerId, floor);
    await citadel.attack(hero.playerId, floor);
    await setBossHp(floor, 1);
    expect((await citadel.user(hero.playerId)).pendingRewards).toBe(5);
    const helperPending = (await citadel.user(helper.playerId)).pendingRewards;
    // The helper's last blow deals the thousandth left: it is paid its pending share plus that thousandth's (under a thousandth of RUNIK here).
    const last = await citadel.attack(helper.playerId, floor);
    expect(last).toMatchObject({ bossDefeated: true });
    expect(Math.round(last.userReward!.rewardAmount * 1000 - helperPending * 1000)).toBeGreaterThanOrEqual(0);
    expect(Math.round(last.userReward!.rewardAmount * 1000 - helperPending * 1000)).toBeLessThanOrEqual(1);
    expect((await citadelPostings(floor)).players.get(hero.playerId)).toBe(5_000);
    const capped = await citadelPostings(floor);
    expect(capped.players).toEqual(
      new Map([
        [hero.playerId, 5_000],
        [helper.playerId, last.userReward!.rewardAmount * 1000],
      ]),
    );
    // Minted: the paid shares and the rounding; the hero's share over the cap stays unminted.
    expect(-capped.mint).toBe(5_000 + last.userReward!.rewardAmount * 1000 + capped.rewardsAccount);
    expect(-capped.mint).toBeLessThan(40_000);

    // The cap is reached: a third boss the same day pays the hero nothing and mints nothing for them.
    floor += 1;
    await setReward(10_000);
    expect(await citadel.attack(hero.playerId, floor)).toMatchObject({ bossDefeated: true, userReward: { rewardAmount: 0 } });
    expect(await citadelPostings(floor)).toEqual({ mint: 0, players: new Map(), rewardsAccount: 0 });
    const [{ paid }] = await t.dataSource.query(`SELECT sum(reward_thousandths)::int AS paid FROM citadel_rewards WHERE player_id = $1`, [
      hero.playerId,
    ]);
    expect(paid).toBe(CITADEL_DAILY_REWARD_CAP);

    // 08:00 in Manila: a new day, a new cap.
    clock.set('2026-04-03T00:00:00Z');
    floor += 1;
    await setReward(10_000);
    expect(await citadel.attack(hero.playerId, floor)).toMatchObject({ bossDefeated: true, userReward: { rewardAmount: 10 } });
  });

  it('pays each participant less than the troops they lost inflicting the damage, and what their pending reward showed', async () => {
    clock.set('2026-04-05T01:00:00Z');
    const floor = await freshFloor();
    const players = await Promise.all([
      newPlayer({ infantry: 20_000 }),
      newPlayer({ archers: 10_000 }),
      newPlayer({ cavalries: 5_000 }),
      newPlayer({ infantry: 3_000, archers: 3_000, cavalries: 1_000 }),
    ]);
    let killer = 0;
    const pending = new Map<number, number>();
    while (!killer) {
      for (const player of players) {
        if (killer) break;
        for (const { playerId } of players) pending.set(playerId, Math.round((await citadel.user(playerId)).pendingRewards * 1000));
        if ((await citadel.attack(player.playerId, floor)).bossDefeated) killer = player.playerId;
      }
    }
    const [{ reward_thousandths }] = await t.dataSource.query(`SELECT reward_thousandths FROM citadel_floors WHERE floor = $1`, [floor]);
    expect(Number(reward_thousandths)).toBe(bossReward(floor));
    for (const player of players) {
      const [{ reward }] = await t.dataSource.query(
        `SELECT reward_thousandths AS reward FROM citadel_rewards WHERE floor = $1 AND player_id = $2`,
        [floor, player.playerId],
      );
      const attacks: { casualties: { dead: Troops } }[] = await t.dataSource.query(
        `SELECT casualties FROM citadel_attacks WHERE floor = $1 AND player_id = $2`,
        [floor, player.playerId],
      );
      // The dead at their training cost, as converting those resources would have minted them (millionths).
      const deadWorth = attacks.reduce(
        (sum, { casualties }) => sum + UNIT_KEYS.reduce((worth, unit) => worth + casualties.dead[unit] * troopRunikMillionths(unit), 0),
        0,
      );
      expect(Number(reward)).toBeGreaterThan(0);
      expect(Number(reward) * 1000).toBeLessThan(deadWorth);
      // Shown just before the last blow: exactly what was paid, but for the one who struck it (paid its share too).
      if (player.playerId === killer) expect(Number(reward)).toBeGreaterThanOrEqual(pending.get(player.playerId)!);
      else expect(Number(reward)).toBe(pending.get(player.playerId));
    }
  });
});

describe('Season rollover', () => {
  // Season 1 runs from 08:00 on 2 November 2026 in Manila to 08:00 on 16 November (00:00 UTC).
  it('turns at 08:00 in Manila: damage counts in the season it was dealt in, and the seasons list follows the job', async () => {
    await t.dataSource.query(`DELETE FROM seasons`);
    clock.set('2026-11-15T23:59:59.999Z');
    await seasonJobs.rollover();
    expect(await leaderboards.seasons()).toEqual({
      seasons: [{ seasonId: 1, label: 'Season 1', isActive: true, endDate: '2026-11-16T00:00:00.000Z' }],
    });
    const early = await newPlayer({ infantry: 2000 });
    const late = await newPlayer({ infantry: 3000 });
    const { current_floor: floor } = (await t.dataSource.query(`SELECT current_floor FROM citadel_state`))[0];
    await setBossHp(floor, 1_000_000_000);
    await citadel.attack(early.playerId, floor);

    clock.set('2026-11-16T00:00:00.000Z');
    // Before the job runs the new season is already current on the boards, but not yet listed.
    const empty = await leaderboards.leaderboard({ filter: 'abyssSeason', page: 1 });
    expect(empty).toMatchObject({
      leaderboard: [],
      totalPlayers: 0,
      seasonInfo: { seasonId: 2, label: 'Season 2', endDate: '2026-11-30T00:00:00.000Z' },
    });
    expect((await leaderboards.seasons()).seasons).toEqual([
      { seasonId: 1, label: 'Season 1', isActive: false, endDate: '2026-11-16T00:00:00.000Z' },
    ]);
    await seasonJobs.rollover();
    await seasonJobs.rollover();
    expect((await leaderboards.seasons()).seasons).toEqual([
      { seasonId: 2, label: 'Season 2', isActive: true, endDate: '2026-11-30T00:00:00.000Z' },
      { seasonId: 1, label: 'Season 1', isActive: false, endDate: '2026-11-16T00:00:00.000Z' },
    ]);
    await citadel.attack(late.playerId, floor);

    const current = await leaderboards.leaderboard({ filter: 'abyssSeason', page: 1, hiveUsername: early.username });
    expect(current.leaderboard).toEqual([{ rank: 1, hiveUsername: late.username, chLevel: 1, armyPower: 29.55, totalDamage: 30 }]);
    expect(current).toMatchObject({ totalPlayers: 1, totalPages: 1, you: null });
    const previous = await leaderboards.leaderboard({ filter: 'abyssSeason', seasonId: 1, page: 1, hiveUsername: early.username });
    expect(previous.seasonInfo).toEqual({ seasonId: 1, label: 'Season 1', endDate: '2026-11-16T00:00:00.000Z' });
    expect(previous.leaderboard.map((entry) => entry.hiveUsername)).toContain(early.username);
    expect(previous.you).toMatchObject({ hiveUsername: early.username, totalDamage: 20 });
    expect(previous.leaderboard.map((entry) => entry.hiveUsername)).not.toContain(late.username);
    expect(await rejection(leaderboards.leaderboard({ filter: 'abyssSeason', seasonId: 3, page: 1 }))).toEqual({
      status: 400,
      body: { error: LeaderboardMessages.invalidSeason },
    });
  });
});
