import { Client } from 'pg';
import { ApiRoutes, QuestMessages, type LedgerReason, type QuestClaimResponse, type QuestDto, type QuestsResponse } from '@runik/contract';
import { DAILY_QUESTS, dailyQuestReward, gameDayKey, HARVEST_INTERVAL_MS, QUEST_CHAIN, type QuestId } from '@runik/rules';
import { attack, newRaidablePlayer, setArmy } from '../support/attack';
import { letTimePass, newCityPlayer, newPaidCityPlayer, setCityHallLevel, type CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { conservation } from '../support/ledger-invariants';
import { notificationsOf } from '../support/notifications';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

/** Daily quests and the quest chain over HTTP (issue 36; docs/quests.md). */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

async function questsOf(player: CityPlayer): Promise<QuestsResponse> {
  const { status, data } = await player.api.get<QuestsResponse>(ApiRoutes.quests(player.username));
  expect(status).toBe(200);
  return data;
}

async function questOf(player: CityPlayer, id: QuestId): Promise<QuestDto> {
  const { daily, chain } = await questsOf(player);
  return [...daily, ...chain].find((quest) => quest.id === id)!;
}

const claim = (player: CityPlayer, questId: string) =>
  player.api.post<QuestClaimResponse & { error?: string; limitedBy?: string; resetsAt?: string }>(ApiRoutes.questClaim(player.username), {
    questId,
  });

/** The player's ledger movements of one reason, by asset (thousandths). */
async function credited(player: CityPlayer, reason: LedgerReason): Promise<Record<string, number>> {
  const rows = await queryDatabase<{ asset: string; total: string }>(
    stack.database.url,
    `SELECT e.asset, sum(e.delta) AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.player_id = $1 AND e.reason = $2 GROUP BY e.asset`,
    [player.playerId, reason],
  );
  return Object.fromEntries(rows.map((row) => [row.asset, Number(row.total)]));
}

const raidPracticeCamp = async (player: CityPlayer) =>
  expect((await player.api.post(ApiRoutes.practiceCampRaid(player.username), {})).status).toBe(200);

// A new city's first day: City Hall 1, the first day of its streak.
const fightReward = dailyQuestReward(1, 1);

describe('quests', () => {
  it('lists three daily quests and the chain, each with its progress, goal and reward', async () => {
    const player = await newCityPlayer(stack, 'quests');
    const { daily, chain, dailyResetsAt, streak } = await questsOf(player);
    expect(daily.map((quest) => quest.id)).toEqual(DAILY_QUESTS.map((quest) => quest.id));
    expect(chain.map((quest) => quest.id)).toEqual(QUEST_CHAIN.map((quest) => quest.id));
    expect(daily[0]).toEqual({
      id: 'harvest',
      title: 'Harvest your city',
      progress: 0,
      goal: 1,
      reward: { wheat: 96, lumber: 80 },
      completedAt: null,
      claimedAt: null,
    });
    expect(chain[0]).toMatchObject({ id: 'city-hall-5', progress: 1, goal: 5, reward: { runik: 10 } });
    expect(Date.parse(dailyResetsAt)).toBeGreaterThan(Date.now());
    expect(streak).toEqual({ days: 0, bonusPercent: 0 });
  });

  it('counts a quest by the real action, never by the claim, notifies its completion once and pays its reward once', async () => {
    const player = await newCityPlayer(stack, 'questfight');
    await setArmy(stack, player, { infantry: 20 });
    // Nothing done: the claim is refused and counts nothing.
    const early = await claim(player, 'fight');
    expect(early.status).toBe(409);
    expect(early.data.error).toBe(QuestMessages.notComplete);
    expect(await questOf(player, 'fight')).toMatchObject({ progress: 0, completedAt: null, claimedAt: null });

    await raidPracticeCamp(player);
    const done = await questOf(player, 'fight');
    expect(done).toMatchObject({ progress: 1, goal: 1, claimedAt: null });
    expect(done.completedAt).not.toBeNull();
    const notices = await notificationsOf(player, 'quest-completed');
    expect(notices.map((notice) => notice.data)).toEqual([{ questId: 'fight', title: done.title, daily: true }]);

    const before = await credited(player, 'quest-reward-locked');
    const { status, data } = await claim(player, 'fight');
    expect(status).toBe(200);
    expect(data.claimed).toMatchObject({ id: 'fight', progress: 1, completedAt: done.completedAt });
    expect(data.claimed.claimedAt).not.toBeNull();
    expect(await credited(player, 'quest-reward-locked')).toEqual({ ...before, ...fightReward });

    const again = await claim(player, 'fight');
    expect(again.status).toBe(409);
    expect(again.data.error).toBe(QuestMessages.alreadyClaimed);
    // Reading the quests again notifies nothing new.
    await questsOf(player);
    expect(await notificationsOf(player, 'quest-completed')).toHaveLength(1);
  });

  it('counts a harvest that collects something for "Harvest your city", and refuses an unknown quest with 400', async () => {
    const player = await newCityPlayer(stack, 'questharvest');
    const harvest = async () => expect((await player.api.post(ApiRoutes.cityHarvest(player.username), {})).status).toBe(200);
    expect(await questOf(player, 'harvest')).toMatchObject({ progress: 0, completedAt: null });
    await letTimePass(stack, player, HARVEST_INTERVAL_MS);
    await harvest();
    expect(await questOf(player, 'harvest')).toMatchObject({ progress: 1 });
    expect((await questOf(player, 'harvest')).completedAt).not.toBeNull();

    const unknown = await claim(player, 'harvest-thrice');
    expect(unknown.status).toBe(400);
    expect(unknown.data.error).toBe(QuestMessages.unknownQuest);
    expect((await player.api.post(ApiRoutes.questClaim(player.username), { questId: 'fight', extra: 1 })).status).toBe(400);
  });

  it('pays a quest once when 20 claims of it are fired at once', async () => {
    const player = await newCityPlayer(stack, 'questrace');
    await setArmy(stack, player, { infantry: 20 });
    await raidPracticeCamp(player);
    const before = await credited(player, 'quest-reward-locked');

    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(player, 'fight')));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.data.error === QuestMessages.alreadyClaimed)).toBe(
      true,
    );
    expect(await credited(player, 'quest-reward-locked')).toEqual({ ...before, ...fightReward });
    const [{ postings }] = await queryDatabase<{ postings: string }>(
      stack.database.url,
      `SELECT count(DISTINCT e.posting_id) AS postings FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.player_id = $1 AND e.reason = 'quest-reward-locked'`,
      [player.playerId],
    );
    expect(Number(postings)).toBe(1);
    const db = new Client({ connectionString: stack.database.url });
    await db.connect();
    try {
      expect((await conservation(db)).flatMap((check) => check.problems)).toEqual([]);
    } finally {
      await db.end();
    }
  });

  it('starts the daily quests again at the game day: yesterday’s progress and claim no longer count', async () => {
    const player = await newCityPlayer(stack, 'questday');
    await setArmy(stack, player, { infantry: 20 });
    await raidPracticeCamp(player);
    expect((await claim(player, 'fight')).status).toBe(200);
    await setCityHallLevel(stack, player, 5);
    expect((await claim(player, 'city-hall-5')).status).toBe(200);

    // A game day goes by: the raid and the quests' rows move one day into the past (the ledger is append-only;
    // the harvests and trainings it counts cross the day in quests.service.spec.ts, on the services' clock).
    const day = '1 day';
    await queryDatabase(stack.database.url, `UPDATE practice_raids SET fought_at = fought_at - $2::interval WHERE player_id = $1`, [
      player.playerId,
      day,
    ]);
    await queryDatabase(
      stack.database.url,
      `UPDATE quest_completions SET completed_at = completed_at - $2::interval, claimed_at = claimed_at - $2::interval,
         period = CASE WHEN period = 'chain' THEN period ELSE $3 END WHERE player_id = $1`,
      [player.playerId, day, gameDayKey(Date.now() - 86_400_000)],
    );

    expect(await questOf(player, 'fight')).toMatchObject({ progress: 0, completedAt: null, claimedAt: null });
    expect((await claim(player, 'fight')).data.error).toBe(QuestMessages.notComplete);
    // The chain is not daily: its claim stands.
    expect((await questOf(player, 'city-hall-5')).claimedAt).not.toBeNull();
    // Today's raid counts for today's quest (the camp's 4-hour cooldown went by with the day).
    await raidPracticeCamp(player);
    expect((await claim(player, 'fight')).status).toBe(200);
  });
});

describe('quest chain rewards in RUNIK', () => {
  it("are claimed in order, draw from the day's emission budget, and wait for the next budget when it is spent", async () => {
    const player = await newPaidCityPlayer(stack, 'questrunik');
    await setCityHallLevel(stack, player, 5);

    // The day's budget spent: the claim waits, unclaimed, and says so.
    const today = gameDayKey(Date.now());
    await queryDatabase(
      stack.database.url,
      `INSERT INTO emission_days (day, budget, total_weight, sized_from_treasury, created_at) VALUES ($1, 0, 0, true, now())
       ON CONFLICT (day) DO UPDATE SET budget = emission_days.used, sized_from_treasury = true`,
      [today],
    );
    const waits = await claim(player, 'city-hall-5');
    expect(waits.status).toBe(429);
    expect(waits.data.error).toMatch(
      /RUNIK budget is spent\. Your reward waits for the next budget: claim it again in \d{1,2}:\d\d:\d\d\./,
    );
    expect(waits.data.resetsAt).toBe((await questsOf(player)).dailyResetsAt);
    expect(await questOf(player, 'city-hall-5')).toMatchObject({ claimedAt: null });
    expect(await credited(player, 'quest-reward')).toEqual({});

    // The next budget (here: the operator's, raised): the claim goes through, drawn from it.
    await queryDatabase(stack.database.url, `UPDATE emission_days SET budget = used + 1000000 WHERE day = $1`, [today]);
    const [{ used: usedBefore }] = await queryDatabase<{ used: string }>(
      stack.database.url,
      `SELECT used FROM emission_days WHERE day = $1`,
      [today],
    );
    const { status, data } = await claim(player, 'city-hall-5');
    expect(status).toBe(200);
    expect(data.claimed.claimedAt).not.toBeNull();
    expect(await credited(player, 'quest-reward')).toEqual({ runik: 10_000 });
    const [{ used }] = await queryDatabase<{ used: string }>(stack.database.url, `SELECT used FROM emission_days WHERE day = $1`, [today]);
    expect(Number(used) - Number(usedBefore)).toBe(10_000);
    const [draw] = await queryDatabase<{ used: string }>(
      stack.database.url,
      `SELECT used FROM emission_draws WHERE day = $1 AND player_id = $2`,
      [today, player.playerId],
    );
    expect(Number(draw.used)).toBeGreaterThanOrEqual(10_000);
  });

  it("gives a free player the chain's RUNIK locked: spendable, never withdrawable, drawn from no budget", async () => {
    const player = await newCityPlayer(stack, 'questfree');
    await setCityHallLevel(stack, player, 5);
    const lockedOf = async () =>
      Number(
        (
          await queryDatabase<{ locked: string }>(stack.database.url, `SELECT locked_runik AS locked FROM players WHERE id = $1`, [
            player.playerId,
          ])
        )[0].locked,
      );
    const before = await lockedOf();
    expect((await claim(player, 'city-hall-5')).status).toBe(200);
    expect(await credited(player, 'quest-reward-locked')).toEqual({ runik: 10_000 });
    expect((await lockedOf()) - before).toBe(10_000);
    const draws = await queryDatabase(stack.database.url, `SELECT 1 FROM emission_draws WHERE player_id = $1`, [player.playerId]);
    expect(draws).toEqual([]);
  });

  it('refuses a chain quest before the one ahead of it is claimed', async () => {
    // A raid won (an enemy without troops always loses) completes win-raid, the chain's second goal, before City Hall 5.
    const player = await newCityPlayer(stack, 'questorder');
    const target = await newRaidablePlayer(stack, 'questtarget');
    await setArmy(stack, player, { infantry: 20 });
    const raid = await attack(player, target.username, {});
    expect(raid.status).toBe(200);
    expect(raid.data.result.winner).toBe('attacker');
    expect((await questOf(player, 'win-raid')).completedAt).not.toBeNull();
    const refused = await claim(player, 'win-raid');
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(QuestMessages.claimChainInOrder('Raise City Hall to level 5'));
    expect(await credited(player, 'quest-reward-locked')).toEqual({});
  });
});
