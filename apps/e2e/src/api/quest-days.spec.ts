import { ApiRoutes } from '@runik/contract';
import type { QuestClaimResponse, QuestsResponse } from '@runik/contract';
import { DAILY_QUESTS, dailyQuestReward, gameDay } from '@runik/rules';
import { letTimePass, newCityPlayer, type CityPlayer } from '../support/city';
import { advanceGameClock, gameClock } from '../support/game-clock';
import { startStack, Stack } from '../support/stack';

/**
 * The daily quests across game days on the game clock (issue 45, item 6; docs/quests.md): a player who first plays in
 * the last 4 hours of a game day finishes all three, and days played in a row make a streak that a missed day ends.
 */
// A stack of its own: the game's time is the whole stack's.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

const HOUR_MS = 3_600_000;

async function questsOf(player: CityPlayer): Promise<QuestsResponse> {
  const { status, data } = await player.api.get<QuestsResponse>(ApiRoutes.quests(player.username));
  expect(status).toBe(200);
  return data;
}

async function ok(call: Promise<{ status: number; data: unknown }>) {
  const { status, data } = await call;
  if (status !== 200) throw new Error(`answered ${status} ${JSON.stringify(data)}`);
  return data;
}

const raidPracticeCamp = (player: CityPlayer) => ok(player.api.post(ApiRoutes.practiceCampRaid(player.username), {}));

describe('daily quests across game days', () => {
  it('are all finished by a player who starts in the last 4 hours of the game day, and make a streak that a missed day ends', async () => {
    // The game's time moved into the game day's last 4 hours.
    const now = Date.parse((await gameClock(stack)).now);
    const left = gameDay(now).end.getTime() - now;
    if (left > 4 * HOUR_MS) await advanceGameClock(stack, { hours: Math.ceil((left - 4 * HOUR_MS) / HOUR_MS) });
    const start = Date.parse((await gameClock(stack)).now);
    expect(gameDay(start).end.getTime() - start).toBeLessThanOrEqual(4 * HOUR_MS);

    const player = await newCityPlayer(stack, 'lateday');
    const first = await questsOf(player);
    expect(first.daily.map((quest) => quest.goal)).toEqual(DAILY_QUESTS.map(() => 1));
    expect(first.streak).toEqual({ days: 0, bonusPercent: 0 });

    // Within the day's last hours: a batch trained (done in minutes), a harvest after half an hour, a raid on the camp.
    await ok(player.api.post(ApiRoutes.cityTrain(player.username), { building: 'quarters', count: 10 }));
    await letTimePass(stack, player, HOUR_MS / 2);
    await ok(player.api.post(ApiRoutes.cityHarvest(player.username), {}));
    await raidPracticeCamp(player);
    const done = await questsOf(player);
    expect(done.daily.every((quest) => quest.completedAt !== null)).toBe(true);
    expect(done.streak).toEqual({ days: 1, bonusPercent: 0 });
    for (const quest of done.daily) {
      const claimed = (await ok(player.api.post(ApiRoutes.questClaim(player.username), { questId: quest.id }))) as QuestClaimResponse;
      expect(claimed.claimed.claimedAt).not.toBeNull();
    }

    // The next game day: yesterday counts until today is played, then two days in a row raise the rewards by 10%.
    await advanceGameClock(stack, { days: 1 });
    expect((await questsOf(player)).streak).toEqual({ days: 1, bonusPercent: 0 });
    await raidPracticeCamp(player);
    const second = await questsOf(player);
    expect(second.streak).toEqual({ days: 2, bonusPercent: 10 });
    const fight = second.daily.find((quest) => quest.id === 'fight')!;
    const expected = Object.fromEntries(Object.entries(dailyQuestReward(1, 2)).map(([resource, amount]) => [resource, amount / 1000]));
    expect(fight.reward).toEqual(expected);

    // A game day missed: the streak starts over.
    await advanceGameClock(stack, { days: 2 });
    expect((await questsOf(player)).streak).toEqual({ days: 0, bonusPercent: 0 });
    await raidPracticeCamp(player);
    expect((await questsOf(player)).streak).toEqual({ days: 1, bonusPercent: 0 });
  });
});
