import { DAILY_QUESTS, QUEST_CHAIN, QUEST_IDS, QuestCounts, questStandings } from './quests';

const counts = (overrides: Partial<QuestCounts> = {}): QuestCounts => ({
  ...(Object.fromEntries(QUEST_IDS.map((id) => [id, 0])) as QuestCounts),
  ...overrides,
});

describe('quests', () => {
  it('offers three daily quests a day of visits can finish, each with a visible reward in resources only', () => {
    expect(DAILY_QUESTS).toHaveLength(3);
    for (const quest of DAILY_QUESTS) {
      expect(quest.goal).toBeGreaterThan(0);
      expect(Object.keys(quest.reward).length).toBeGreaterThan(0);
      expect(quest.reward).not.toHaveProperty('runik');
    }
  });

  it('caps progress at the goal and completes a quest at it', () => {
    const standings = questStandings(counts({ 'harvest-twice': 1, fight: 3, 'city-hall-5': 7 }), new Set());
    expect(standings.find((quest) => quest.id === 'harvest-twice')).toMatchObject({ progress: 1, goal: 2, complete: false, daily: true });
    expect(standings.find((quest) => quest.id === 'fight')).toMatchObject({ progress: 1, goal: 1, complete: true });
    expect(standings.find((quest) => quest.id === 'city-hall-5')).toMatchObject({ progress: 5, complete: true, daily: false });
  });

  it('makes each chain quest wait for the one before it to be claimed', () => {
    const [first, second, third] = QUEST_CHAIN.map((quest) => quest.id);
    const waits = (claimed: Set<(typeof QUEST_CHAIN)[number]['id']>) =>
      questStandings(counts(), claimed)
        .filter((quest) => !quest.daily)
        .map((quest) => quest.waitsFor);
    expect(waits(new Set())).toEqual([null, first, second, third]);
    expect(waits(new Set([first]))).toEqual([null, null, second, third]);
  });
});
