import { ApiRoutes, type EnemiesResponse, type FirstStepsResponse, type PracticeRaidResponse } from '@runik/contract';
import { battleCount } from '../support/attack';
import { cityOf, newCityPlayer, newPaidCityPlayer, type CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { startStack, Stack } from '../support/stack';

/**
 * Issue 35: the first-steps guide can be finished on a new player's first day on an empty server,
 * where every city is under a newcomer shield: the raid is on the practice camp.
 */
// A stack of its own: the day is played on an empty server (no battle anywhere, every other city a newcomer).
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

async function ok<T>(call: Promise<{ status: number; data: T }>): Promise<T> {
  const { status, data } = await call;
  expect({ status, data }).toEqual({ status: 200, data: expect.anything() });
  return data;
}

const done = (progress: FirstStepsResponse) => progress.steps.filter((step) => step.done).map((step) => step.id);
const progressOf = (player: CityPlayer) => ok(player.api.get<FirstStepsResponse>(ApiRoutes.firstSteps(player.username)));

describe('a new player’s first day', () => {
  it.each([
    ['free', () => newCityPlayer(stack, 'dayfree')],
    ['paid', () => newPaidCityPlayer(stack, 'daypaid')],
  ])('finishes the guide’s five steps as a %s player through the game’s own calls alone, the raid included', async (_kind, newPlayer) => {
    const player = await newPlayer();
    // Every other city there is (none, or the other newcomer) is shielded: no city can be raided.
    const { enemies } = await ok(player.api.get<EnemiesResponse>(ApiRoutes.enemies(player.username, 1, 0)));
    expect(enemies.every((enemy) => enemy.shield !== null)).toBe(true);

    await ok(player.api.post(ApiRoutes.cityHarvest(player.username)));
    // RUNIK for City Hall 2, the Farm and the training's speed-up, from the resources infantry need least.
    await ok(player.api.post(ApiRoutes.cityConvert(player.username), { selectedResources: ['lumber', 'stone', 'ore'], amount: 500 }));
    await ok(player.api.post(ApiRoutes.cityUpgrade(player.username, 'ch')));
    await ok(player.api.post(ApiRoutes.cityUpgrade(player.username, 'wheat')));
    await ok(player.api.post(ApiRoutes.cityTrain(player.username), { building: 'quarters', count: 10 }));
    await ok(player.api.post(ApiRoutes.citySpeedup(player.username, 'quarters'), { minutes: 5 }));
    expect((await cityOf(player)).army.infantry).toBe(10);
    expect(done(await progressOf(player))).toEqual(['harvest', 'upgrade-farm', 'train-infantry']);

    const raid = await ok(player.api.post<PracticeRaidResponse>(ApiRoutes.practiceCampRaid(player.username), {}));
    expect(raid.result.winner).toBe('attacker');
    expect(raid.result.loot.wheat).toBeGreaterThan(0);
    expect(done(await progressOf(player))).toEqual(['harvest', 'upgrade-farm', 'train-infantry', 'raid']);
    const finished = await ok(player.api.post<FirstStepsResponse>(ApiRoutes.firstStepsSeenAlliances(player.username)));
    expect(finished).toMatchObject({ skipped: false, finished: true });

    // No player's city was raided, and the raider keeps its own newcomer shield.
    expect(await battleCount(stack)).toBe(0);
    const [{ created_at }] = await queryDatabase<{ created_at: Date }>(stack.database.url, 'SELECT created_at FROM players WHERE id = $1', [
      player.playerId,
    ]);
    expect(Date.now() - created_at.getTime()).toBeLessThan(24 * 60 * 60 * 1000);
    const newcomer = await newCityPlayer(stack, 'daynext');
    const seen = await ok(newcomer.api.get<EnemiesResponse>(ApiRoutes.enemies(newcomer.username, 1, 0)));
    expect(seen.enemies.find((enemy) => enemy.name === player.username)).toMatchObject({ shield: 'newcomer' });
  });
});
