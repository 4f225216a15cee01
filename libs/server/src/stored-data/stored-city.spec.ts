import { STARTING_BUILDING_LEVEL } from '@runik/rules';
import { loadCity } from '../city/city-state';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';

describe('a stored city, read through its decoders', () => {
  const clock = new TestClock('2026-03-01T10:00:00Z');
  let t: ServiceTest;

  beforeAll(async () => {
    t = await createServiceTest({ clock });
  });
  afterAll(() => t?.close());

  it('reads levels and banked production stored before a building and a resource were added, with their defaults', async () => {
    const player = await t.newPlayer('oldcity');
    // As written before ore (and its building) existed: the wheat farm raised, wheat and lumber banked.
    await t.dataSource.query(`UPDATE cities SET building_levels = $2, stored_pending = $3 WHERE player_id = $1`, [
      player,
      JSON.stringify({ wheat: 4 }),
      JSON.stringify({ wheat: 1500, lumber: 250 }),
    ]);

    const city = await loadCity(t.dataSource.manager, player);
    expect(city?.storedPending).toEqual({ wheat: 1500, lumber: 250, stone: 0, ore: 0 });
    expect(city?.levels).toEqual({
      wheat: 4,
      lumber: STARTING_BUILDING_LEVEL,
      stone: STARTING_BUILDING_LEVEL,
      ore: STARTING_BUILDING_LEVEL,
      quarters: STARTING_BUILDING_LEVEL,
      archery: STARTING_BUILDING_LEVEL,
      stables: STARTING_BUILDING_LEVEL,
    });
  });
});
