import { QuestMessages } from '@runik/contract';
import type { QuestsResponse } from '@runik/contract';
import { MilitaryService } from '../city/military.service';
import { TestClock } from '../testing/test-clock';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { QuestsService } from './quests.service';

/** The daily quests against the game day's boundary, 08:00 in Manila (00:00 UTC), on the services' clock. */
let t: ServiceTest;
const clock = new TestClock('2026-03-01T15:00:00Z');
let quests: QuestsService;
let military: MilitaryService;

beforeAll(async () => {
  t = await createServiceTest({ clock });
  quests = new QuestsService(t.dataSource, t.cities, t.quests, t.emission, t.ledger, clock);
  military = new MilitaryService(t.cities, t.quests);
});
afterAll(() => t?.close());

const daily = async (playerId: number, id: string) => (await quests.quests(playerId)).daily.find((quest) => quest.id === id)!;

describe('daily quests', () => {
  it('count the day’s harvest and training, and start again at 08:00 Manila', async () => {
    const playerId = await t.newPlayer('questday');
    // Half an hour of production to collect (a harvest of nothing moves nothing in the ledger, so counts nothing).
    clock.set('2026-03-01T15:30:00Z');
    await t.cityService.harvest(playerId);
    expect(await daily(playerId, 'harvest')).toMatchObject({ progress: 1, completedAt: '2026-03-01T15:30:00.000Z' });
    clock.set('2026-03-01T19:30:00Z');
    await military.train(playerId, { building: 'quarters', count: 1 });
    expect(await daily(playerId, 'train-troops')).toMatchObject({ progress: 1, completedAt: '2026-03-01T19:30:00.000Z' });
    const claimed = await quests.claim(playerId, 'harvest');
    expect(claimed.claimed).toMatchObject({ claimedAt: '2026-03-01T19:30:00.000Z', reward: { wheat: 96, lumber: 80 } });

    // 07:59:59 in Manila: still the same game day.
    clock.set('2026-03-01T23:59:59Z');
    expect(await daily(playerId, 'harvest')).toMatchObject({ progress: 1, claimedAt: '2026-03-01T19:30:00.000Z' });
    await expect(quests.claim(playerId, 'harvest')).rejects.toMatchObject({ response: { error: QuestMessages.alreadyClaimed } });

    // 08:00 in Manila: a new game day, every daily quest from nothing.
    clock.set('2026-03-02T00:00:00Z');
    const fresh: QuestsResponse = await quests.quests(playerId);
    expect(fresh.dailyResetsAt).toBe('2026-03-03T00:00:00.000Z');
    for (const quest of fresh.daily) expect(quest).toMatchObject({ progress: 0, completedAt: null, claimedAt: null });
    // Yesterday was played: the streak stands at 1 until today is, and pays no bonus before the second day.
    expect(fresh.streak).toEqual({ days: 1, bonusPercent: 0 });
    await expect(quests.claim(playerId, 'harvest')).rejects.toMatchObject({ response: { error: QuestMessages.notComplete } });
    await t.cityService.harvest(playerId);
    const secondDay = await quests.quests(playerId);
    expect(secondDay.streak).toEqual({ days: 2, bonusPercent: 10 });
    expect(secondDay.daily[0]).toMatchObject({ id: 'harvest', progress: 1, reward: { wheat: 105, lumber: 88 } });

    // A day missed: the run is over.
    clock.set('2026-03-04T01:00:00Z');
    expect((await quests.quests(playerId)).streak).toEqual({ days: 0, bonusPercent: 0 });
  });
});
