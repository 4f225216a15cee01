import { GearMessages } from '@runik/contract';
import { GEAR_TYPES, type GearType } from '@runik/rules';
import { newCityPlayer } from '../support/city';
import {
  availableOf,
  equip,
  equippedIdsOf,
  equippedOf,
  expectedGear,
  gearRow,
  gearRowsOf,
  giveGear,
  giveGears,
  idsOf,
  materialValue,
  unequip,
  upgrade,
  upgradeRowsOf,
} from '../support/gear';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const fireAtOnce = <T>(times: number, call: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: times }, (_, index) => call(index)));

describe('slot races', () => {
  it('the same gear equipped 20 times at once is equipped once; the rest get 409', async () => {
    const player = await newCityPlayer(stack, 'req');
    const gear = await giveGear(stack, player, { type: 'cavalry', rarity: 'epic', level: 2 });
    const responses = await fireAtOnce(20, () => equip(player, gear, 'cavalry'));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const { data } of refused) expect(data).toEqual({ error: GearMessages.alreadyEquipped });
    expect(await equippedIdsOf(stack, player, 'cavalry')).toEqual([gear]);
    expect((await equippedOf(player)).equippedGears.cavalry).toEqual(
      expectedGear(gear, { type: 'cavalry', rarity: 'epic', level: 2, equipped: true }),
    );
  });

  it('10 different gears of one type equipped at once leave exactly one in the slot, the others available', async () => {
    const player = await newCityPlayer(stack, 'rsw');
    const gears: number[] = [];
    for (let level = 1; level <= 10; level++) gears.push(await giveGear(stack, player, { type: 'wheat', rarity: 'rare', level }));
    const responses = await fireAtOnce(10, (i) => equip(player, gears[i], 'wheat'));
    // Each one swapped in turn: all succeed, each seeing itself in the slot.
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    responses.forEach((response, i) => expect(response.data.equippedGears.wheat.gearId).toBe(gears[i]));

    const equipped = await equippedIdsOf(stack, player, 'wheat');
    expect(equipped).toHaveLength(1);
    expect(gears).toContain(equipped[0]);
    expect((await equippedOf(player)).equippedGears.wheat?.gearId).toBe(equipped[0]);
    expect(idsOf((await availableOf(player)).gears).sort((a, b) => a - b)).toEqual(gears.filter((id) => id !== equipped[0]));
    const city = await player.api.get(`/api/city/resources/${player.username}`);
    const level = gears.indexOf(equipped[0]) + 1;
    expect(city.data.gearBonuses.wheatProduction).toBe(Math.round((2 + 0.4 * (level - 1)) * 100) / 100);
  });

  it('every slot filled at once by 7 gears of 7 types (3 each racing) holds one gear a slot', async () => {
    const player = await newCityPlayer(stack, 'rall');
    const gears: { id: number; type: GearType }[] = [];
    for (const type of GEAR_TYPES)
      for (const id of await giveGears(stack, player, 3, { type, rarity: 'common', level: 1 })) gears.push({ id, type });
    const responses = await fireAtOnce(gears.length, (i) => equip(player, gears[i].id, gears[i].type));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const rows = await gearRowsOf(stack, player);
    for (const type of GEAR_TYPES) expect(rows.filter((row) => row.type === type && row.equipped)).toHaveLength(1);
    expect((await availableOf(player)).gears).toHaveLength(14);
  });

  it('20 unequips of one slot at once empty it once; the rest get 400', async () => {
    const player = await newCityPlayer(stack, 'run');
    const gear = await giveGear(stack, player, { type: 'stone', rarity: 'common', level: 1 });
    expect((await equip(player, gear, 'stone')).status).toBe(200);
    const responses = await fireAtOnce(20, () => unequip(player, 'stone'));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 400);
    expect(refused).toHaveLength(19);
    for (const { data } of refused) expect(data).toEqual({ error: GearMessages.slotEmpty });
    expect(await equippedIdsOf(stack, player, 'stone')).toEqual([]);
    expect(idsOf((await availableOf(player)).gears)).toEqual([gear]);
  });
});

describe('blacksmith races', () => {
  it('one material in 10 simultaneous upgrades of different targets is consumed once: one upgrade, nine 404s that change nothing', async () => {
    const player = await newCityPlayer(stack, 'rmat');
    const targets = await giveGears(stack, player, 10, { type: 'ore', rarity: 'common', level: 1, currentExp: 10 });
    const material = await giveGear(stack, player, { type: 'ore', rarity: 'epic', level: 1 });
    const responses = await fireAtOnce(10, (i) => upgrade(player, { gearId: targets[i], materialIds: [material] }));

    const won = responses.findIndex((r) => r.status === 200);
    expect(won).toBeGreaterThanOrEqual(0);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 404);
    expect(refused).toHaveLength(9);
    for (const { data } of refused) expect(data).toEqual({ error: GearMessages.gearNotFound });

    // 10 + 180: level 2 with 90. Its material value: what it was worth, plus the 180 fed into it.
    const fed = materialValue('epic', 1);
    expect(fed).toBe(180);
    const upgraded = expectedGear(targets[won], {
      type: 'ore',
      rarity: 'common',
      level: 2,
      currentExp: 90,
      expValue: materialValue('common', 1, 10) + fed,
    });
    expect(responses[won].data.gear).toEqual(upgraded);
    expect(await gearRow(stack, material)).toBeUndefined();
    const rows = await gearRowsOf(stack, player);
    expect(rows).toHaveLength(10);
    for (const row of rows) expect([row.level, row.currentExp]).toEqual(row.id === targets[won] ? [2, 90] : [1, 10]);
    expect(await upgradeRowsOf(stack, player)).toEqual([
      expect.objectContaining({ gearId: targets[won], expGained: 180, materialsUsed: 1 }),
    ]);
  });

  it('the same upgrade sent 20 times at once is applied once', async () => {
    const player = await newCityPlayer(stack, 'rsam');
    const target = await giveGear(stack, player, { type: 'archer', rarity: 'rare', level: 1 });
    const materials = await giveGears(stack, player, 3, { type: 'archer', rarity: 'common', level: 2 });
    const responses = await fireAtOnce(20, () => upgrade(player, { gearId: target, materialIds: materials }));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 404)).toHaveLength(19);
    // 3 × 40 = 120: level 2 with 20, once.
    expect(await gearRowsOf(stack, player)).toEqual([expect.objectContaining({ id: target, level: 2, currentExp: 20 })]);
    expect(await upgradeRowsOf(stack, player)).toHaveLength(1);
  });

  it('materials shared between overlapping upgrades are never spent twice', async () => {
    const player = await newCityPlayer(stack, 'rovl');
    const targets = await giveGears(stack, player, 8, { type: 'lumber', rarity: 'legendary', level: 1 });
    const pool = await giveGears(stack, player, 6, { type: 'lumber', rarity: 'common', level: 1 });
    // Upgrade i takes pool[i % 6] and pool[(i + 1) % 6]: every material is wanted by two or three upgrades.
    const wanted = targets.map((_, i) => [pool[i % 6], pool[(i + 1) % 6]]);
    const responses = await fireAtOnce(8, (i) => upgrade(player, { gearId: targets[i], materialIds: wanted[i] }));
    const succeeded = responses.map((r, i) => (r.status === 200 ? i : -1)).filter((i) => i >= 0);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const r of responses) expect([200, 404]).toContain(r.status);

    const spent = succeeded.flatMap((i) => wanted[i]);
    expect(new Set(spent).size).toBe(spent.length);
    const rows = await gearRowsOf(stack, player);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...targets, ...pool.filter((id) => !spent.includes(id))]);
    for (const [i, target] of targets.entries()) {
      expect(rows.find((row) => row.id === target)).toMatchObject({ level: 1, currentExp: succeeded.includes(i) ? 40 : 0 });
    }
    expect((await upgradeRowsOf(stack, player)).map((row) => row.gearId).sort((a, b) => a - b)).toEqual(succeeded.map((i) => targets[i]));
  });

  it('a gear equipped while being consumed: either it is equipped, or it is consumed, never both', async () => {
    const player = await newCityPlayer(stack, 'reqm');
    const pairs: { target: number; material: number; type: GearType }[] = [];
    for (const type of GEAR_TYPES) {
      pairs.push({
        type,
        target: await giveGear(stack, player, { type, rarity: 'common', level: 1 }),
        material: await giveGear(stack, player, { type, rarity: 'rare', level: 1 }),
      });
    }
    const results = await Promise.all(
      pairs.map(({ target, material, type }) =>
        Promise.all([upgrade(player, { gearId: target, materialIds: [material] }), equip(player, material, type)]),
      ),
    );
    for (const [i, [upgraded, equipped]] of results.entries()) {
      const { target, material, type } = pairs[i];
      if (upgraded.status === 200) {
        expect(equipped.status).toBe(404);
        expect(equipped.data).toEqual({ error: GearMessages.gearNotFound });
        expect(await gearRow(stack, material)).toBeUndefined();
        expect(await gearRow(stack, target)).toMatchObject({ currentExp: 60 });
        expect(await equippedIdsOf(stack, player, type)).toEqual([]);
      } else {
        expect(upgraded.status).toBe(400);
        expect(upgraded.data).toEqual({ error: GearMessages.materialEquipped });
        expect(equipped.status).toBe(200);
        expect(await equippedIdsOf(stack, player, type)).toEqual([material]);
        expect(await gearRow(stack, target)).toMatchObject({ level: 1, currentExp: 0 });
      }
    }
  });
});
