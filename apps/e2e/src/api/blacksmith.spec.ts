import { ApiRoutes, GearMessages } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { armyStatsOf, setArmy } from '../support/attack';
import { cityOf, CityPlayer, letTimePass, newCityPlayer } from '../support/city';
import {
  equip,
  equippedOf,
  expectedGear,
  gearRow,
  gearRowsOf,
  gearSnapshot,
  GearSpec,
  giveGear,
  giveGears,
  historyOf,
  previewUpgrade,
  productionRow,
  upgrade,
  upgradeRowsOf,
  userGearsOf,
} from '../support/gear';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;
const NOT_YOUR_ACCOUNT = { error: 'You can only act for your own account' };
type Response = { status: number; data: unknown };

/** A refused call: its status and body exactly, and nothing changed for any of the players. */
async function expectRefused(players: CityPlayer[], call: () => Promise<Response>, status: number, body: unknown): Promise<void> {
  const before = await gearSnapshot(stack, ...players);
  const response = await call();
  expect(response.status).toBe(status);
  expect(response.data).toEqual(body);
  expect(await gearSnapshot(stack, ...players)).toEqual(before);
}

describe('user gears', () => {
  it('lists every owned gear, equipped and listed too, with its stats, experience and material value', async () => {
    const [player, other] = await Promise.all([newCityPlayer(stack, 'ug'), newCityPlayer(stack, 'ug')]);
    expect(await userGearsOf(player)).toEqual({ success: true, gears: [] });
    const specs: GearSpec[] = [
      { type: 'wheat', rarity: 'rare', level: 3, currentExp: 150 },
      { type: 'cavalry', rarity: 'mythical', level: 20 },
      { type: 'archer', rarity: 'epic', level: 7, currentExp: 333 },
      { type: 'stone', rarity: 'legendary', level: 2, listed: true },
      { type: 'ore', rarity: 'common', level: 1, currentExp: 99, equipped: true },
    ];
    const ids: number[] = [];
    for (const spec of specs) ids.push(await giveGear(stack, player, spec));
    await giveGear(stack, other, { type: 'wheat', rarity: 'common', level: 1 });

    const { success, gears } = await userGearsOf(player);
    expect(success).toBe(true);
    expect(gears).toEqual(specs.map((spec, i) => expectedGear(ids[i], spec)));
    // The docs' numbers, written out.
    expect(gears[0]).toMatchObject({ requiredExp: 300, expProgress: 50, expValue: 60 * 3 + 150, isEquipped: false, isListed: false });
    expect(gears[0].stats.wheatProduction).toBe(2.8);
    expect(gears[1]).toMatchObject({ requiredExp: 0, expProgress: 100, expValue: 1620 * 20 });
    expect(gears[1].stats.cavalryAttackBoost).toBe(57.6);
    expect(gears[2]).toMatchObject({ requiredExp: 700, expProgress: 47, expValue: 180 * 7 + 333 });
    expect(gears[2].stats.archerAttackBoost).toBe(8.8);
    expect(gears[3]).toMatchObject({ isListed: true, isEquipped: false, expValue: 1080 });
    expect(gears[3].stats.stoneProduction).toBe(8.4);
    expect(gears[4]).toMatchObject({ isEquipped: true, isListed: false, requiredExp: 100, expProgress: 99, expValue: 20 + 99 });
  });

  it('refuses a query (400)', async () => {
    const player = await newCityPlayer(stack, 'ug');
    const response = await player.api.get(`${ApiRoutes.blacksmithGears(player.username)}?equipped=false`);
    expect(response.status).toBe(400);
    expect(typeof response.data.error).toBe('string');
  });
});

describe('upgrade preview', () => {
  it('follows docs/gear.md: a common level-1 target and five common level-1 materials give 100 exp, level 2', async () => {
    const player = await newCityPlayer(stack, 'pre');
    const target = await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 });
    const materials = await giveGears(stack, player, 5, { type: 'wheat', rarity: 'common', level: 1 });
    const before = await gearSnapshot(stack, player);
    const response = await previewUpgrade(player, { gearId: target, materialIds: materials });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      preview: {
        currentLevel: 1,
        newLevel: 2,
        levelIncrease: 1,
        totalExpGained: 100,
        willLevelUp: true,
        validMaterials: materials.map((gearId) => ({ gearId, name: 'Common Wheat Gear Lv.1', expValue: 20 })),
      },
    });
    // A preview changes nothing.
    expect(await gearSnapshot(stack, player)).toEqual(before);
  });

  it('counts the experience fed into a material, names each material, and may not reach the next level', async () => {
    const player = await newCityPlayer(stack, 'pre');
    const target = await giveGear(stack, player, { type: 'archer', rarity: 'rare', level: 2, currentExp: 50 });
    const stone = await giveGear(stack, player, { type: 'stone', rarity: 'common', level: 3, currentExp: 11 });
    const response = await previewUpgrade(player, { gearId: target, materialIds: [stone] });
    expect(response.status).toBe(200);
    // 20 × 3 + 11 = 71; 50 + 71 < 200.
    expect(response.data).toEqual({
      preview: {
        currentLevel: 2,
        newLevel: 2,
        levelIncrease: 0,
        totalExpGained: 71,
        willLevelUp: false,
        validMaterials: [{ gearId: stone, name: 'Common Stone Gear Lv.3', expValue: 71 }],
      },
    });
  });

  it('climbs several levels, and loses what goes beyond level 20', async () => {
    const player = await newCityPlayer(stack, 'pre');
    const lumber = await giveGear(stack, player, { type: 'lumber', rarity: 'common', level: 1 });
    const epic = await giveGear(stack, player, { type: 'lumber', rarity: 'epic', level: 2, currentExp: 100 });
    // 180 × 2 + 100 = 460: 100 to level 2, 200 to level 3, 160 left.
    expect((await previewUpgrade(player, { gearId: lumber, materialIds: [epic] })).data.preview).toEqual({
      currentLevel: 1,
      newLevel: 3,
      levelIncrease: 2,
      totalExpGained: 460,
      willLevelUp: true,
      validMaterials: [{ gearId: epic, name: 'Epic Lumber Gear Lv.2', expValue: 460 }],
    });

    const old = await giveGear(stack, player, { type: 'infantry', rarity: 'legendary', level: 19, currentExp: 1800 });
    const mythical = await giveGear(stack, player, { type: 'cavalry', rarity: 'mythical', level: 20 });
    expect((await previewUpgrade(player, { gearId: old, materialIds: [mythical] })).data.preview).toEqual({
      currentLevel: 19,
      newLevel: 20,
      levelIncrease: 1,
      totalExpGained: 32_400,
      willLevelUp: true,
      validMaterials: [{ gearId: mythical, name: 'Mythical Cavalry Gear Lv.20', expValue: 32_400 }],
    });
  });

  it('previews an equipped target', async () => {
    const player = await newCityPlayer(stack, 'pre');
    const target = await giveGear(stack, player, { type: 'ore', rarity: 'epic', level: 1, equipped: true });
    const material = await giveGear(stack, player, { type: 'ore', rarity: 'rare', level: 1 });
    const response = await previewUpgrade(player, { gearId: target, materialIds: [material] });
    expect(response.status).toBe(200);
    expect(response.data.preview).toMatchObject({ currentLevel: 1, newLevel: 1, totalExpGained: 60, willLevelUp: false });
  });
});

describe('upgrade', () => {
  it('destroys the materials, levels the target keeping the rest of the experience, and records it', async () => {
    const player = await newCityPlayer(stack, 'up');
    const target = await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1, currentExp: 30 });
    const wheat = await giveGears(stack, player, 3, { type: 'wheat', rarity: 'common', level: 1 });
    const ore = await giveGear(stack, player, { type: 'ore', rarity: 'common', level: 1, currentExp: 40 });
    const stone = await giveGear(stack, player, { type: 'stone', rarity: 'rare', level: 2 });
    const bystander = await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 });
    const materialIds = [...wheat, ore, stone];

    // 3 × 20 + (20 + 40) + 120 = 240; 30 + 240 = 270: level 2 with 170.
    const preview = await previewUpgrade(player, { gearId: target, materialIds });
    expect(preview.data.preview).toEqual({
      currentLevel: 1,
      newLevel: 2,
      levelIncrease: 1,
      totalExpGained: 240,
      willLevelUp: true,
      validMaterials: [
        { gearId: wheat[0], name: 'Common Wheat Gear Lv.1', expValue: 20 },
        { gearId: wheat[1], name: 'Common Wheat Gear Lv.1', expValue: 20 },
        { gearId: wheat[2], name: 'Common Wheat Gear Lv.1', expValue: 20 },
        { gearId: ore, name: 'Common Ore Gear Lv.1', expValue: 60 },
        { gearId: stone, name: 'Rare Stone Gear Lv.2', expValue: 120 },
      ],
    });

    const sentAt = Date.now();
    const response = await upgrade(player, { gearId: target, materialIds, priority: 'high' });
    const answeredAt = Date.now();
    expect(response.status).toBe(200);
    // Its material value: 20 + 30 as it was, plus the 240 fed into it.
    const upgraded = expectedGear(target, { type: 'wheat', rarity: 'common', level: 2, currentExp: 170, expValue: 50 + 240 });
    expect(response.data).toEqual({ success: true, message: 'Gear Upgraded Successfully!', gear: upgraded });
    expect(upgraded).toMatchObject({ requiredExp: 200, expProgress: 85, expValue: 290 });
    expect(upgraded.stats.wheatProduction).toBe(1.2);

    // Stored: the materials are gone, the target and the bystander remain.
    for (const id of materialIds) expect(await gearRow(stack, id)).toBeUndefined();
    expect((await gearRowsOf(stack, player)).map((row) => [row.id, row.level, row.currentExp])).toEqual([
      [target, 2, 170],
      [bystander, 1, 0],
    ]);
    expect((await userGearsOf(player)).gears).toEqual([upgraded, expectedGear(bystander, { type: 'wheat', rarity: 'common', level: 1 })]);

    // Recorded once, and shown in the history.
    const rows = await upgradeRowsOf(stack, player);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      playerId: player.playerId,
      gearId: target,
      gearName: 'Common Wheat Gear Lv.2',
      levelBefore: 1,
      levelAfter: 2,
      expGained: 240,
      materialsUsed: 5,
    });
    expect(rows[0].upgradedAt.getTime()).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(rows[0].upgradedAt.getTime()).toBeLessThanOrEqual(answeredAt + 1000);
    expect(await historyOf(player)).toEqual({
      history: [
        {
          gearId: target,
          gearName: 'Common Wheat Gear Lv.2',
          levelChange: 1,
          expGained: 240,
          materialsUsed: 5,
          upgradedAt: rows[0].upgradedAt.toISOString(),
        },
      ],
    });
  });

  it('takes 10 materials at once, climbing many levels', async () => {
    const player = await newCityPlayer(stack, 'up');
    const target = await giveGear(stack, player, { type: 'cavalry', rarity: 'common', level: 1 });
    const materials = await giveGears(stack, player, 10, { type: 'archer', rarity: 'mythical', level: 1 });
    const response = await upgrade(player, { gearId: target, materialIds: materials });
    expect(response.status).toBe(200);
    // 16,200 exp: 50 × 17 × 18 = 15,300 reaches level 18; 900 left towards 1,800.
    expect(response.data.gear).toEqual(
      expectedGear(target, { type: 'cavalry', rarity: 'common', level: 18, currentExp: 900, expValue: 20 + 16_200 }),
    );
    expect(await gearRowsOf(stack, player)).toHaveLength(1);
    expect((await historyOf(player)).history).toEqual([
      expect.objectContaining({
        gearId: target,
        gearName: 'Common Cavalry Gear Lv.18',
        levelChange: 17,
        expGained: 16_200,
        materialsUsed: 10,
      }),
    ]);
  });

  it('loses experience beyond level 20, then refuses to upgrade a level-20 gear', async () => {
    const player = await newCityPlayer(stack, 'up');
    const target = await giveGear(stack, player, { type: 'infantry', rarity: 'legendary', level: 19, currentExp: 1800 });
    const mythical = await giveGear(stack, player, { type: 'cavalry', rarity: 'mythical', level: 20 });
    const response = await upgrade(player, { gearId: target, materialIds: [mythical] });
    expect(response.status).toBe(200);
    // It absorbed only the 100 that took it to level 20: its material value grows by that, not by 32,400.
    expect(response.data.gear).toEqual(
      expectedGear(target, { type: 'infantry', rarity: 'legendary', level: 20, currentExp: 0, expValue: 540 * 19 + 1800 + 100 }),
    );
    expect(response.data.gear.stats.infantryAttackBoost).toBe(33.6);
    expect(await gearRow(stack, target)).toMatchObject({ level: 20, currentExp: 0 });

    const spare = await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 });
    for (const call of [previewUpgrade, upgrade]) {
      await expectRefused([player], () => call(player, { gearId: target, materialIds: [spare] }), 400, {
        error: 'This gear is already at the maximum level.',
      });
    }
  });

  it('upgrades an equipped target in its slot, banking production at the old rate first', async () => {
    const player = await newCityPlayer(stack, 'up');
    const target = await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 });
    const materials = await giveGears(stack, player, 5, { type: 'lumber', rarity: 'common', level: 1 });
    expect((await equip(player, target, 'wheat')).status).toBe(200);
    expect((await cityOf(player)).gearBonuses.wheatProduction).toBe(1);
    await letTimePass(stack, player, 2 * HOUR);
    const before = await productionRow(stack, player);

    const response = await upgrade(player, { gearId: target, materialIds: materials });
    expect(response.status).toBe(200);
    expect(response.data.gear).toEqual(
      expectedGear(target, { type: 'wheat', rarity: 'common', level: 2, equipped: true, expValue: 20 + 100 }),
    );

    // Two hours at 120 × 1.01 = 121.2 an hour were banked before the rate became 120 × 1.012.
    const after = await productionRow(stack, player);
    const elapsed = after.anchorMs - before.anchorMs;
    expect(elapsed).toBeGreaterThanOrEqual(2 * HOUR);
    expect(after.storedPending.wheat).toBe(before.storedPending.wheat + Math.floor((121_200 * elapsed) / HOUR));
    expect((await cityOf(player)).gearBonuses.wheatProduction).toBe(1.2);
    expect((await equippedOf(player)).equippedGears.wheat).toEqual(response.data.gear);
  });

  it('an upgraded equipped commander gear raises army power at once', async () => {
    const player = await newCityPlayer(stack, 'up');
    const target = await giveGear(stack, player, { type: 'cavalry', rarity: 'epic', level: 1 });
    const material = await giveGear(stack, player, { type: 'cavalry', rarity: 'epic', level: 2 });
    expect((await equip(player, target, 'cavalry')).status).toBe(200);
    await setArmy(stack, player, { cavalries: 100 });
    // 3600 × 1.04
    expect(await armyStatsOf(player)).toMatchObject({ armyPower: 3.744, commanderBonuses: { infantry: 0, archer: 0, cavalry: 4 } });
    // 360 exp: level 3 with 60; 4% + 2 × 0.8% = 5.6%, so 3600 × 1.056.
    expect((await upgrade(player, { gearId: target, materialIds: [material] })).data.gear).toMatchObject({
      level: 3,
      currentExp: 60,
      isEquipped: true,
      expValue: 180 + 360,
    });
    expect(await armyStatsOf(player)).toMatchObject({ armyPower: 3.801, commanderBonuses: { infantry: 0, archer: 0, cavalry: 5.6 } });
  });

  // Issue 18 measured +80, +420 and +40 for epic, legendary and mythical when a fed gear's value grew with its level.
  it.each(['common', 'rare', 'epic', 'legendary', 'mythical'] as const)(
    'never gives back more experience than was fed into a %s gear',
    async (rarity) => {
      const player = await newCityPlayer(stack, 'net');
      const fed = await giveGear(stack, player, { type: 'lumber', rarity, level: 1 });
      const before = (await userGearsOf(player)).gears.find((gear) => gear.gearId === fed)!.expValue;
      // Six common materials: 120 experience, a level and 20 towards the next.
      const commons = await giveGears(stack, player, 6, { type: 'wheat', rarity: 'common', level: 1 });
      expect((await upgrade(player, { gearId: fed, materialIds: commons })).data.gear).toMatchObject({ level: 2, currentExp: 20 });
      const invested = before + 6 * 20;

      const target = await giveGear(stack, player, { type: 'stone', rarity: 'common', level: 1 });
      const preview = (await previewUpgrade(player, { gearId: target, materialIds: [fed] })).data.preview;
      expect(preview.totalExpGained - invested).toBeLessThanOrEqual(0);
      expect(preview.totalExpGained).toBe(invested);
      const response = await upgrade(player, { gearId: target, materialIds: [fed] });
      expect(response.status).toBe(200);
      expect((await historyOf(player)).history[0].expGained).toBe(invested);
    },
  );

  it.each([undefined, 'normal', 'high', 0, 7, true, false])('accepts priority %p, which changes nothing', async (priority) => {
    const player = await newCityPlayer(stack, 'pri');
    const target = await giveGear(stack, player, { type: 'stone', rarity: 'rare', level: 1 });
    const material = await giveGear(stack, player, { type: 'stone', rarity: 'rare', level: 1 });
    const response = await upgrade(player, { gearId: target, materialIds: [material], ...(priority === undefined ? {} : { priority }) });
    expect(response.status).toBe(200);
    expect(response.data.gear).toEqual(expectedGear(target, { type: 'stone', rarity: 'rare', level: 1, currentExp: 60, expValue: 120 }));
  });
});

describe('refusals change nothing', () => {
  let smith: CityPlayer;
  let other: CityPlayer;
  const g: Record<string, number> = {};
  let materials: number[];
  beforeAll(async () => {
    [smith, other] = await Promise.all([newCityPlayer(stack, 'ref'), newCityPlayer(stack, 'oth')]);
    g.target = await giveGear(stack, smith, { type: 'wheat', rarity: 'common', level: 1 });
    materials = await giveGears(stack, smith, 11, { type: 'wheat', rarity: 'common', level: 1 });
    g.equipped = await giveGear(stack, smith, { type: 'lumber', rarity: 'common', level: 1, equipped: true });
    g.listed = await giveGear(stack, smith, { type: 'ore', rarity: 'common', level: 1, listed: true });
    g.maxed = await giveGear(stack, smith, { type: 'stone', rarity: 'rare', level: 20 });
    g.theirs = await giveGear(stack, other, { type: 'wheat', rarity: 'epic', level: 1 });
    g.theirsEquipped = await giveGear(stack, other, { type: 'infantry', rarity: 'epic', level: 1, equipped: true });
    g.unknown = g.theirsEquipped + 1000;
  });
  const m = (i: number) => materials[i];

  it.each([
    ['no materials', () => ({ gearId: g.target, materialIds: [] }), 400, GearMessages.selectMaterials],
    ['materialIds missing', () => ({ gearId: g.target }), 400, 'Select at least one material.'],
    ['11 materials', () => ({ gearId: g.target, materialIds: materials }), 400, 'Select at most 10 materials.'],
    ['a material twice', () => ({ gearId: g.target, materialIds: [m(0), m(1), m(0)] }), 400, GearMessages.duplicateMaterial],
    ['the target as a material', () => ({ gearId: g.target, materialIds: [m(0), g.target] }), 400, GearMessages.targetAsMaterial],
    [
      'an equipped material',
      () => ({ gearId: g.target, materialIds: [m(0), g.equipped] }),
      400,
      'Equipped gears cannot be used as material.',
    ],
    ["someone else's target", () => ({ gearId: g.theirs, materialIds: [m(0)] }), 403, 'This gear is not yours.'],
    ["someone else's material", () => ({ gearId: g.target, materialIds: [m(0), g.theirs] }), 403, 'This gear is not yours.'],
    ["someone else's equipped material", () => ({ gearId: g.target, materialIds: [g.theirsEquipped] }), 403, GearMessages.notYourGear],
    ['an unknown target', () => ({ gearId: g.unknown, materialIds: [m(0)] }), 404, 'Gear not found.'],
    ['an unknown material', () => ({ gearId: g.target, materialIds: [m(0), g.unknown] }), 404, 'Gear not found.'],
    ['a listed target', () => ({ gearId: g.listed, materialIds: [m(0)] }), 409, 'This gear is listed on the marketplace.'],
    ['a listed material', () => ({ gearId: g.target, materialIds: [m(0), g.listed] }), 409, GearMessages.gearListed],
    ['a level-20 target', () => ({ gearId: g.maxed, materialIds: [m(0)] }), 400, GearMessages.maxLevel],
  ])('%s: %p on preview and upgrade', async (_name, body, status, error) => {
    for (const call of [previewUpgrade, upgrade]) await expectRefused([smith, other], () => call(smith, body()), status, { error });
  });

  it.each([
    ['gearId as a string', () => ({ gearId: String(g.target), materialIds: [m(0)] }), GearMessages.invalidGearId],
    ['gearId as a float', () => ({ gearId: g.target + 0.5, materialIds: [m(0)] }), GearMessages.invalidGearId],
    ['gearId negative', () => ({ gearId: -g.target, materialIds: [m(0)] }), GearMessages.invalidGearId],
    ['gearId 0', () => ({ gearId: 0, materialIds: [m(0)] }), GearMessages.invalidGearId],
    ['gearId null', () => ({ gearId: null, materialIds: [m(0)] }), GearMessages.invalidGearId],
    ['gearId missing', () => ({ materialIds: [m(0)] }), GearMessages.invalidGearId],
    ['gearId beyond 2^53', () => ({ gearId: 2 ** 53, materialIds: [m(0)] }), GearMessages.invalidGearId],
    ['a material id as a string', () => ({ gearId: g.target, materialIds: [m(0), String(m(1))] }), GearMessages.invalidGearId],
    ['a material id as a float', () => ({ gearId: g.target, materialIds: [m(0) + 0.5] }), GearMessages.invalidGearId],
    ['a material id negative', () => ({ gearId: g.target, materialIds: [-m(0)] }), GearMessages.invalidGearId],
    ['a material id null', () => ({ gearId: g.target, materialIds: [null] }), GearMessages.invalidGearId],
    ['materialIds a number', () => ({ gearId: g.target, materialIds: m(0) }), GearMessages.selectMaterials],
    ['materialIds a string', () => ({ gearId: g.target, materialIds: String(m(0)) }), GearMessages.selectMaterials],
    ['materialIds an object', () => ({ gearId: g.target, materialIds: { 0: m(0) } }), GearMessages.selectMaterials],
    ['an unknown field', () => ({ gearId: g.target, materialIds: [m(0)], free: true }), undefined],
    ['a hiveUsername field of the caller', () => ({ gearId: g.target, materialIds: [m(0)], hiveUsername: smith.username }), undefined],
  ])('refuses a body with %s (400) on preview and upgrade', async (_name, body, message) => {
    for (const call of [previewUpgrade, upgrade]) {
      const before = await gearSnapshot(stack, smith);
      const response = await call(smith, body());
      expect(response.status).toBe(400);
      if (message) expect(response.data).toEqual({ error: message });
      else expect(typeof response.data.error).toBe('string');
      expect(await gearSnapshot(stack, smith)).toEqual(before);
    }
  });

  it.each([
    ['a priority object', { priority: { level: 1 } }],
    ['a priority list', { priority: ['high'] }],
    ['a priority too long', { priority: 'x'.repeat(17) }],
    ['a priority null', { priority: null }],
  ])('refuses an upgrade with %s (400)', async (_name, extra) => {
    const before = await gearSnapshot(stack, smith);
    const response = await upgrade(smith, { gearId: g.target, materialIds: [m(0)], ...extra });
    expect(response.status).toBe(400);
    expect(typeof response.data.error).toBe('string');
    expect(await gearSnapshot(stack, smith)).toEqual(before);
  });

  it('refuses a priority on a preview, whose body has none (400)', async () => {
    await expectRefused(
      [smith],
      () => previewUpgrade(smith, { gearId: g.target, materialIds: [m(0)], priority: 'high' }),
      400,
      expect.objectContaining({ error: expect.any(String) }),
    );
  });

  it('refuses a missing or non-object body (400)', async () => {
    for (const call of [previewUpgrade, upgrade]) {
      for (const body of [undefined, [], [g.target, m(0)]]) {
        const before = await gearSnapshot(stack, smith);
        const response = await call(smith, body);
        expect(response.status).toBe(400);
        expect(await gearSnapshot(stack, smith)).toEqual(before);
      }
    }
  });

  it('still holds every gear, and upgrades once the request is right', async () => {
    expect(await gearRowsOf(stack, smith)).toHaveLength(15);
    expect(await upgradeRowsOf(stack, smith)).toEqual([]);
    expect((await historyOf(smith)).history).toEqual([]);
    const response = await upgrade(smith, { gearId: g.target, materialIds: materials.slice(0, 10) });
    expect(response.status).toBe(200);
    // 10 × 20 = 200: level 1 → 2 (100), 100 left of 200.
    expect(response.data.gear).toMatchObject({ gearId: g.target, level: 2, currentExp: 100 });
    expect(await gearRowsOf(stack, smith)).toHaveLength(5);
  });
});

describe('history', () => {
  it('pages by 20, newest first, from offset (0 when absent)', async () => {
    const player = await newCityPlayer(stack, 'his');
    const count = 25;
    const targets = await giveGears(stack, player, count, { type: 'ore', rarity: 'rare', level: 1 });
    const materials: number[] = [];
    for (let i = 0; i < count; i++) materials.push(await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 + (i % 6) }));
    for (let i = 0; i < count; i++) {
      const response = await upgrade(player, { gearId: targets[i], materialIds: [materials[i]] });
      expect(response.status).toBe(200);
    }
    const rows = await upgradeRowsOf(stack, player);
    expect(rows.map((row) => row.gearId)).toEqual(targets);
    const newestFirst = [...rows].reverse().map((row) => ({
      gearId: row.gearId,
      gearName: row.gearName,
      levelChange: row.levelAfter - row.levelBefore,
      expGained: row.expGained,
      materialsUsed: 1,
      upgradedAt: row.upgradedAt.toISOString(),
    }));
    // Material levels 1 to 6 give 20 to 120; the rare level-1 targets reach level 2 at 100.
    const reached = (i: number) => (20 * (1 + (i % 6)) >= 100 ? 2 : 1);
    expect(newestFirst.map((entry) => [entry.gearId, entry.gearName, entry.expGained, entry.levelChange])).toEqual(
      [...targets.keys()].reverse().map((i) => [targets[i], `Rare Ore Gear Lv.${reached(i)}`, 20 * (1 + (i % 6)), reached(i) - 1]),
    );

    expect(await historyOf(player, 0)).toEqual({ history: newestFirst.slice(0, 20) });
    expect(await historyOf(player, 20)).toEqual({ history: newestFirst.slice(20) });
    expect(await historyOf(player, 3)).toEqual({ history: newestFirst.slice(3, 23) });
    expect(await historyOf(player, 25)).toEqual({ history: [] });
    expect(await historyOf(player, 999_999_999)).toEqual({ history: [] });
    const absent = await player.api.get(`/api/blacksmith/upgrade-history/${player.username}`);
    expect(absent.status).toBe(200);
    expect(absent.data).toEqual({ history: newestFirst.slice(0, 20) });
    // Another player's history is their own.
    expect(await historyOf(await newCityPlayer(stack, 'his'))).toEqual({ history: [] });
  });

  it.each(['-1', '1.5', 'abc', '1e2', '0x10', '+1', '1234567890', '1&offset=2'])('refuses offset=%s (400)', async (offset) => {
    const player = await newCityPlayer(stack, 'his');
    const response = await player.api.get(`/api/blacksmith/upgrade-history/${player.username}?offset=${offset}`);
    expect(response.status).toBe(400);
    expect(response.data).toEqual({ error: 'offset must be a whole number of 0 or more.' });
  });

  it('refuses an unknown query parameter (400)', async () => {
    const player = await newCityPlayer(stack, 'his');
    const response = await player.api.get(`/api/blacksmith/upgrade-history/${player.username}?offset=0&limit=100`);
    expect(response.status).toBe(400);
    expect(typeof response.data.error).toBe('string');
  });
});

describe('ownership', () => {
  let alice: CityPlayer;
  let bob: CityPlayer;
  let bobTarget: number;
  let bobMaterial: number;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([newCityPlayer(stack, 'ali'), newCityPlayer(stack, 'bob')]);
    bobTarget = await giveGear(stack, bob, { type: 'wheat', rarity: 'common', level: 1 });
    bobMaterial = await giveGear(stack, bob, { type: 'wheat', rarity: 'epic', level: 3 });
    await giveGear(stack, alice, { type: 'wheat', rarity: 'common', level: 1 });
  });

  type Call = { route: string; send: (api: CityPlayer['api'], user: string) => Promise<Response> };
  const CALLS: Call[] = [
    { route: 'GET /api/blacksmith/user-gears/{user}', send: (api, user) => api.get(ApiRoutes.blacksmithGears(user)) },
    {
      route: 'POST /api/blacksmith/upgrade-preview/{user}',
      send: (api, user) => api.post(ApiRoutes.upgradePreview(user), { gearId: bobTarget, materialIds: [bobMaterial] }),
    },
    {
      route: 'POST /api/blacksmith/upgrade/{user}',
      send: (api, user) => api.post(ApiRoutes.upgrade(user), { gearId: bobTarget, materialIds: [bobMaterial], priority: 'high' }),
    },
    { route: 'GET /api/blacksmith/upgrade-history/{user}', send: (api, user) => api.get(ApiRoutes.upgradeHistory(user)) },
  ];

  it.each(CALLS)("gives 403 for another player's name on $route, changing nothing", async ({ send }) => {
    await expectRefused([alice, bob], () => send(alice.api, bob.username), 403, NOT_YOUR_ACCOUNT);
  });

  it.each(CALLS)('gives 401 without a session or with an unknown token on $route, changing nothing', async ({ send }) => {
    for (const api of [apiClient(stack.apiUrl), apiClient(stack.apiUrl, 'z'.repeat(43))]) {
      const before = await gearSnapshot(stack, alice, bob);
      expect((await send(api, bob.username)).status).toBe(401);
      expect((await send(api, alice.username)).status).toBe(401);
      expect(await gearSnapshot(stack, alice, bob)).toEqual(before);
    }
  });

  it("refuses upgrading someone else's gears in one's own name (403)", async () => {
    for (const call of [previewUpgrade, upgrade]) {
      await expectRefused([alice, bob], () => call(alice, { gearId: bobTarget, materialIds: [bobMaterial] }), 403, {
        error: GearMessages.notYourGear,
      });
    }
    expect(await gearRow(stack, bobMaterial)).toMatchObject({ ownerId: bob.playerId, level: 3 });
  });
});
