import { RESOURCE_KEYS } from '../city/balance-sheet';
import { productionPerHour } from '../city/production';
import {
  DAILY_QUESTS,
  DAILY_QUESTS_PRODUCTION_PERCENT,
  dailyQuestReward,
  previousDayKey,
  QUEST_CHAIN,
  QUEST_IDS,
  QuestCounts,
  questStandings,
  referenceDailyProduction,
  STREAK_BONUS_MAX_PERCENT,
  streakBonusPercent,
  streakDays,
} from './quests';

const counts = (overrides: Partial<QuestCounts> = {}): QuestCounts => ({
  ...(Object.fromEntries(QUEST_IDS.map((id) => [id, 0])) as QuestCounts),
  ...overrides,
});
const newcomer = { chLevel: 1, streakDays: 0 };

describe('quests', () => {
  it('offers three daily quests of one action each: a player who starts in the last 4 hours of the day can finish them', () => {
    expect(DAILY_QUESTS).toHaveLength(3);
    for (const quest of DAILY_QUESTS) expect(quest.goal).toBe(1);
  });

  it.each([1, 5, 10, 20])(
    'pays a day of quests at City Hall %i worth the stated share of that level’s day of production, in resources only',
    (chLevel) => {
      const day = referenceDailyProduction(chLevel);
      const reward = dailyQuestReward(chLevel, 0);
      expect(reward).not.toHaveProperty('runik');
      for (const resource of RESOURCE_KEYS) {
        const share = (day[resource] * DAILY_QUESTS_PRODUCTION_PERCENT) / 100;
        const threeQuests = (reward[resource] ?? 0) * DAILY_QUESTS.length;
        // Each quest's amount is rounded down to a whole unit: the three lose less than 3 units.
        expect(threeQuests).toBeLessThanOrEqual(share);
        expect(threeQuests).toBeGreaterThan(share - 3 * 1000);
      }
    },
  );

  it('takes the production of a city whose buildings stand as high as its City Hall allows', () => {
    expect(referenceDailyProduction(1)).toEqual({
      wheat: productionPerHour('wheat', 1) * 24,
      lumber: productionPerHour('lumber', 1) * 24,
      stone: 0,
      ore: 0,
    });
    // The quarry opens at City Hall 2 and the mine at 3: at City Hall 10 they stand at 9 and 8.
    expect(referenceDailyProduction(10)).toEqual({
      wheat: productionPerHour('wheat', 10) * 24,
      lumber: productionPerHour('lumber', 10) * 24,
      stone: productionPerHour('stone', 9) * 24,
      ore: productionPerHour('ore', 8) * 24,
    });
    expect(dailyQuestReward(1, 0)).toEqual({ wheat: 96_000, lumber: 80_000 });
  });

  it('raises the daily rewards by 10% a day played in a row from the second day, up to 50%', () => {
    expect([0, 1, 2, 3, 6, 30].map(streakBonusPercent)).toEqual([0, 0, 10, 20, STREAK_BONUS_MAX_PERCENT, STREAK_BONUS_MAX_PERCENT]);
    expect(dailyQuestReward(1, 3)).toEqual({ wheat: 115_000, lumber: 96_000 });
  });

  it('counts days played in a row back from today, or from yesterday while today is not played yet', () => {
    const played = new Set(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-02-20']);
    expect(streakDays(played, '2026-03-01')).toBe(4);
    expect(streakDays(played, '2026-03-02')).toBe(4);
    // A missed day ends the run.
    expect(streakDays(played, '2026-03-03')).toBe(0);
    expect(streakDays(new Set(), '2026-03-01')).toBe(0);
    expect(['2026-03-01', '2026-01-01', '2024-03-01'].map(previousDayKey)).toEqual(['2026-02-28', '2025-12-31', '2024-02-29']);
  });

  it('caps progress at the goal and completes a quest at it', () => {
    const standings = questStandings(counts({ harvest: 0, fight: 3, 'city-hall-5': 7 }), new Set(), newcomer);
    expect(standings.find((quest) => quest.id === 'harvest')).toMatchObject({ progress: 0, goal: 1, complete: false, daily: true });
    expect(standings.find((quest) => quest.id === 'fight')).toMatchObject({
      progress: 1,
      goal: 1,
      complete: true,
      reward: dailyQuestReward(1, 0),
    });
    expect(standings.find((quest) => quest.id === 'city-hall-5')).toMatchObject({ progress: 5, complete: true, daily: false });
  });

  it('leads through every feature in a chain whose each quest waits for the one before it to be claimed', () => {
    expect(QUEST_CHAIN.map((quest) => quest.id)).toEqual([
      'city-hall-5',
      'win-raid',
      'first-gear',
      'join-alliance',
      'upgrade-gear',
      'hit-boss',
      'throne-troops',
    ]);
    const [first, second, ...rest] = QUEST_CHAIN.map((quest) => quest.id);
    const waits = (claimed: Set<(typeof QUEST_CHAIN)[number]['id']>) =>
      questStandings(counts(), claimed, newcomer)
        .filter((quest) => !quest.daily)
        .map((quest) => quest.waitsFor);
    expect(waits(new Set())).toEqual([null, first, second, ...rest.slice(0, -1)]);
    expect(waits(new Set([first]))).toEqual([null, null, second, ...rest.slice(0, -1)]);
  });
});
