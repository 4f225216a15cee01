import { previewBattle } from '@runik/rules';
import type { BattleInput } from '@runik/rules';
import { TestClock } from '../testing/test-clock';
import { testNotifier } from '../testing/test-notifier';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { AttackService } from './attack.service';
import { PreviewCache } from './preview-cache';
import { FairRolls } from '../fairness/fair-rolls';

const HOUR = 3_600_000;
let t: ServiceTest;
const clock = new TestClock('2026-03-01T10:00:00Z');
let previews: PreviewCache;
let attacks: AttackService;

beforeAll(async () => {
  t = await createServiceTest({ clock });
  previews = new PreviewCache();
  attacks = new AttackService(t.dataSource, t.cities, clock, testNotifier(clock), t.quests, new FairRolls(clock), previews);
});
afterAll(() => t?.close());

/** The same preview from a service with an empty cache: what an uncached preview gives. */
const uncached = (attacker: number, enemy: string) =>
  new AttackService(t.dataSource, t.cities, clock, testNotifier(clock), t.quests, new FairRolls(clock), new PreviewCache()).preview(
    attacker,
    enemy,
  );

const setArmy = (playerId: number, infantry: number) =>
  t.dataSource.query(`UPDATE cities SET infantry = $2 WHERE player_id = $1`, [playerId, infantry]);

describe('the attack preview cache (issue 47: 1,600 battles a preview)', () => {
  it('serves a second identical preview from the cache, a changed army with a fresh chance, each answer the uncached one', async () => {
    const attacker = await t.newPlayer('pvcatt', { army: { infantry: 600 } });
    await t.newPlayer('pvcdef', { army: { infantry: 500 } });
    const before = previews.simulations;

    const first = await attacks.preview(attacker, 'pvcdef');
    expect(previews.simulations).toBe(before + 1);
    const second = await attacks.preview(attacker, 'pvcdef');
    expect(second).toEqual(first);
    expect(second).toEqual(await uncached(attacker, 'pvcdef'));
    expect(previews.simulations).toBe(before + 1);

    // The attacker's army changed: a fresh chance (and powers).
    await setArmy(attacker, 520);
    const smaller = await attacks.preview(attacker, 'pvcdef');
    expect(previews.simulations).toBe(before + 2);
    expect(smaller.attackerPower).toBeLessThan(first.attackerPower);
    expect(smaller.winChance).toBeLessThan(first.winChance);

    // Back to the first army: the kept chance again, the same figures as at first.
    await setArmy(attacker, 600);
    expect(await attacks.preview(attacker, 'pvcdef')).toEqual(first);
    expect(previews.simulations).toBe(before + 2);

    // Hours later (the defender's stock grown, its shield maybe gone): the chance kept, the rest read anew, as uncached.
    clock.set(new Date(clock.nowMs() + 80 * HOUR));
    const later = await attacks.preview(attacker, 'pvcdef');
    expect(previews.simulations).toBe(before + 2);
    expect(later).toEqual(await uncached(attacker, 'pvcdef'));
  });

  it('gives what the uncached preview gives, and drops the least recently used past its capacity', () => {
    const cache = new PreviewCache(2);
    const input = (attacker: number, defender: number): Omit<BattleInput, 'seed'> => ({
      attacker: { troops: { infantry: attacker, archers: 0, cavalries: 0 }, bonuses: { infantry: 0, archers: 0, cavalries: 0 } },
      defender: {
        troops: { infantry: defender, archers: 0, cavalries: 0 },
        bonuses: { infantry: 0, archers: 0, cavalries: 0 },
        pending: { wheat: 5_000, lumber: 0, stone: 0, ore: 0 },
      },
      lootPercent: 100,
      lootLostPercent: 20,
    });
    for (const [attacker, defender] of [
      [60, 50],
      [50, 50],
      [60, 50],
    ])
      expect(cache.preview(input(attacker, defender))).toEqual(previewBattle(input(attacker, defender)));
    expect(cache.simulations).toBe(2);
    cache.preview(input(70, 50)); // third key: drops 50/50, used least recently
    expect(cache.size).toBe(2);
    cache.preview(input(60, 50));
    expect(cache.simulations).toBe(3);
    cache.preview(input(50, 50));
    expect(cache.simulations).toBe(4);
  });
});
