import { ApiRoutes, GearMessages } from '@runik/contract';
import type { Gear } from '@runik/contract';
import { resolveBattle } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { armyStatsOf, attack, battlesOf, enemiesOf, levelAboveEveryCity, pastNewcomerShield, setArmy } from '../support/attack';
import { cityOf, CityPlayer, letTimePass, newCityPlayer, setCityHallLevel } from '../support/city';
import {
  availableOf,
  equip,
  equippedIdsOf,
  equippedOf,
  expectedGear,
  gearRow,
  gearRowsOf,
  gearSnapshot,
  GearSpec,
  giveGear,
  idsOf,
  NO_GEAR_SLOTS,
  productionRow,
  unequip,
} from '../support/gear';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;
const NO_MAYOR_BONUSES = { wheatProduction: 0, lumberProduction: 0, stoneProduction: 0, oreProduction: 0 };
const NOT_YOUR_ACCOUNT = { error: 'You can only act for your own account' };

/** A gear given to a player, with the DTO the API should show for it. */
async function gearFor(player: CityPlayer, spec: GearSpec): Promise<{ id: number; dto: Gear }> {
  const id = await giveGear(stack, player, spec);
  return { id, dto: expectedGear(id, spec) };
}

type Response = { status: number; data: unknown };

/** A refused call: its status and body exactly, and nothing changed for any of the players. */
async function expectRefused(players: CityPlayer[], call: () => Promise<Response>, status: number, body: unknown): Promise<void> {
  const before = await gearSnapshot(stack, ...players);
  const response = await call();
  expect(response.status).toBe(status);
  expect(response.data).toEqual(body);
  expect(await gearSnapshot(stack, ...players)).toEqual(before);
}

/** Army power in thousandths with integer arithmetic: Σ count × unit power × (1 + boost / 100), boosts in hundredths of a percent, rounded down. */
function powerOf(
  troops: { infantry: number; archers: number; cavalries: number },
  boostHundredths: { infantry: number; archers: number; cavalries: number },
) {
  const sum =
    troops.infantry * 10 * (10_000 + boostHundredths.infantry) +
    troops.archers * 21 * (10_000 + boostHundredths.archers) +
    troops.cavalries * 36 * (10_000 + boostHundredths.cavalries);
  return Math.floor(sum / 10_000);
}

describe('equipped gears', () => {
  it('shows all seven slots empty for a new player, with or without the cache-busting _t', async () => {
    const player = await newCityPlayer(stack, 'eq');
    for (const path of [ApiRoutes.gearsEquipped(player.username), `${ApiRoutes.gearsEquipped(player.username)}?_t=${Date.now()}`]) {
      const response = await player.api.get(path);
      expect(response.status).toBe(200);
      expect(response.data).toEqual({ equippedGears: NO_GEAR_SLOTS });
    }
  });

  it('fills every slot with its own type of gear, and shows each in full', async () => {
    const player = await newCityPlayer(stack, 'eq');
    const specs: GearSpec[] = [
      { type: 'infantry', rarity: 'epic', level: 3 },
      { type: 'archer', rarity: 'rare', level: 2, currentExp: 50 },
      { type: 'cavalry', rarity: 'mythical', level: 1 },
      { type: 'wheat', rarity: 'rare', level: 3 },
      { type: 'lumber', rarity: 'common', level: 20 },
      { type: 'stone', rarity: 'legendary', level: 4, currentExp: 399 },
      { type: 'ore', rarity: 'common', level: 1 },
    ];
    const slots: Record<string, Gear | null> = { ...NO_GEAR_SLOTS };
    for (const spec of specs) {
      const { id, dto } = await gearFor(player, spec);
      const response = await equip(player, id, spec.type);
      expect(response.status).toBe(200);
      slots[spec.type] = { ...dto, isEquipped: true };
      expect(response.data).toEqual({ success: true, message: GearMessages.equipped, equippedGears: slots });
    }
    expect(await equippedOf(player)).toEqual({ equippedGears: slots });
    // Spot checks of the docs' numbers.
    expect(slots.infantry?.stats.infantryAttackBoost).toBe(5.6);
    expect(slots.lumber?.stats.lumberProduction).toBe(4.8);
    expect(slots.lumber).toMatchObject({ requiredExp: 0, expProgress: 100 });
    expect(slots.stone).toMatchObject({ requiredExp: 400, expProgress: 99, expValue: 540 * 4 + 399 });
    expect(slots.cavalry?.stats).toEqual({ ...NO_MAYOR_BONUSES, infantryAttackBoost: 0, archerAttackBoost: 0, cavalryAttackBoost: 12 });
    expect(await availableOf(player)).toEqual({ gears: [] });
  });

  it("shows only the caller's own slots", async () => {
    const [owner, other] = await Promise.all([newCityPlayer(stack, 'eq'), newCityPlayer(stack, 'eq')]);
    const { id } = await gearFor(owner, { type: 'ore', rarity: 'epic', level: 2 });
    expect((await equip(owner, id, 'ore')).status).toBe(200);
    expect(await equippedOf(other)).toEqual({ equippedGears: NO_GEAR_SLOTS });
  });
});

describe('available gears', () => {
  let player: CityPlayer;
  const ids: Record<string, number> = {};
  const dtos: Record<string, Gear> = {};
  beforeAll(async () => {
    player = await newCityPlayer(stack, 'av');
    const other = await newCityPlayer(stack, 'av');
    const specs: Record<string, GearSpec> = {
      wheatCommon: { type: 'wheat', rarity: 'common', level: 1 },
      wheatRare: { type: 'wheat', rarity: 'rare', level: 3, currentExp: 10 },
      lumber: { type: 'lumber', rarity: 'epic', level: 2 },
      infantry: { type: 'infantry', rarity: 'legendary', level: 1 },
      archerListed: { type: 'archer', rarity: 'common', level: 5, listed: true },
      cavalryEquipped: { type: 'cavalry', rarity: 'mythical', level: 1, equipped: true },
      stoneEquipped: { type: 'stone', rarity: 'common', level: 1, equipped: true },
    };
    for (const [name, spec] of Object.entries(specs)) {
      const { id, dto } = await gearFor(player, spec);
      ids[name] = id;
      dtos[name] = dto;
    }
    // Someone else's gear of every kind is never offered.
    await giveGear(stack, other, { type: 'wheat', rarity: 'common', level: 1 });
    await giveGear(stack, other, { type: 'infantry', rarity: 'rare', level: 1 });
  });

  const sorted = (gears: Gear[]) => [...gears].sort((a, b) => a.gearId - b.gearId);

  it('lists owned gears that are neither equipped nor listed', async () => {
    const { gears } = await availableOf(player);
    expect(sorted(gears)).toEqual([dtos.wheatCommon, dtos.wheatRare, dtos.lumber, dtos.infantry]);
  });

  it.each([
    ['mayor', undefined, ['wheatCommon', 'wheatRare', 'lumber']],
    ['commander', undefined, ['infantry']],
    [undefined, 'wheat', ['wheatCommon', 'wheatRare']],
    [undefined, 'archer', []],
    [undefined, 'cavalry', []],
    ['mayor', 'wheat', ['wheatCommon', 'wheatRare']],
    ['commander', 'wheat', []],
    ['commander', 'infantry', ['infantry']],
  ])('filters by category %p and type %p', async (category, type, names) => {
    const { gears } = await availableOf(player, category, type);
    expect(sorted(gears)).toEqual(names.map((name) => dtos[name]));
  });

  it.each([
    ['category=weapon', { error: GearMessages.unknownCategory }],
    ['category=Mayor', { error: GearMessages.unknownCategory }],
    ['category=', { error: GearMessages.unknownCategory }],
    ['type=sword', { error: GearMessages.unknownType }],
    ['type=archers', { error: GearMessages.unknownType }],
    ['category=mayor&type=gold', { error: GearMessages.unknownType }],
    ['type=wheat&type=ore', { error: GearMessages.unknownType }],
    ['rarity=common', undefined],
    ['_t=1', undefined],
  ])('refuses the query %s with 400', async (query, body) => {
    const response = await player.api.get(`/api/gears/available/${player.username}?${query}`);
    expect(response.status).toBe(400);
    if (body) expect(response.data).toEqual(body);
    else expect(typeof response.data.error).toBe('string');
  });

  it('refuses unknown or malformed queries on the equipped gears', async () => {
    for (const query of ['foo=1', `_t=${'1'.repeat(33)}`, '_t=1&_t=2', 'category=mayor']) {
      const response = await player.api.get(`/api/gears/equipped/${player.username}?${query}`);
      expect(response.status).toBe(400);
      expect(typeof response.data.error).toBe('string');
    }
  });
});

describe('equip', () => {
  it('puts a gear in its slot: stored, shown equipped, no longer available', async () => {
    const player = await newCityPlayer(stack, 'eqp');
    const { id, dto } = await gearFor(player, { type: 'archer', rarity: 'epic', level: 4, currentExp: 120 });
    const response = await equip(player, id, 'archer');
    expect(response.status).toBe(200);
    const equipped = { ...dto, isEquipped: true };
    expect(response.data).toEqual({ success: true, message: 'Gear equipped.', equippedGears: { ...NO_GEAR_SLOTS, archer: equipped } });
    expect(await gearRow(stack, id)).toMatchObject({ ownerId: player.playerId, equipped: true, listed: false, level: 4, currentExp: 120 });
    expect(await availableOf(player)).toEqual({ gears: [] });
    expect(await equippedOf(player)).toEqual({ equippedGears: { ...NO_GEAR_SLOTS, archer: equipped } });
  });

  it('refuses a slot of another type with 400, changing nothing', async () => {
    const player = await newCityPlayer(stack, 'eqp');
    const wheat = await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 });
    const cavalry = await giveGear(stack, player, { type: 'cavalry', rarity: 'rare', level: 1 });
    await expectRefused([player], () => equip(player, wheat, 'lumber'), 400, { error: 'This gear does not fit the lumber slot.' });
    await expectRefused([player], () => equip(player, wheat, 'infantry'), 400, { error: GearMessages.wrongSlot('infantry') });
    await expectRefused([player], () => equip(player, cavalry, 'archer'), 400, { error: 'This gear does not fit the archer slot.' });
    await expectRefused([player], () => equip(player, cavalry, 'ore'), 400, { error: GearMessages.wrongSlot('ore') });
    expect(await equippedOf(player)).toEqual({ equippedGears: NO_GEAR_SLOTS });
  });

  it("refuses someone else's gear with 403, whichever slot is named, and leaves it with its owner", async () => {
    const [player, owner] = await Promise.all([newCityPlayer(stack, 'eqp'), newCityPlayer(stack, 'own')]);
    const theirs = await giveGear(stack, owner, { type: 'stone', rarity: 'legendary', level: 2 });
    const theirsEquipped = await giveGear(stack, owner, { type: 'ore', rarity: 'common', level: 1, equipped: true });
    for (const [gearId, slot] of [
      [theirs, 'stone'],
      [theirs, 'wheat'],
      [theirsEquipped, 'ore'],
    ] as const) {
      await expectRefused([player, owner], () => equip(player, gearId, slot), 403, { error: 'This gear is not yours.' });
    }
    expect(await gearRow(stack, theirs)).toMatchObject({ ownerId: owner.playerId, equipped: false });
    expect(await equippedIdsOf(stack, owner, 'ore')).toEqual([theirsEquipped]);
  });

  it('refuses an unknown gear with 404', async () => {
    const player = await newCityPlayer(stack, 'eqp');
    const id = await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 });
    await expectRefused([player], () => equip(player, id + 100_000, 'wheat'), 404, { error: GearMessages.gearNotFound });
    await expectRefused([player], () => equip(player, Number.MAX_SAFE_INTEGER, 'wheat'), 404, { error: 'Gear not found.' });
  });

  it('refuses a gear already equipped, and a listed one, with 409', async () => {
    const player = await newCityPlayer(stack, 'eqp');
    const equipped = await giveGear(stack, player, { type: 'lumber', rarity: 'rare', level: 2 });
    expect((await equip(player, equipped, 'lumber')).status).toBe(200);
    await expectRefused([player], () => equip(player, equipped, 'lumber'), 409, { error: 'This gear is already equipped.' });

    const listed = await giveGear(stack, player, { type: 'ore', rarity: 'epic', level: 1, listed: true });
    await expectRefused([player], () => equip(player, listed, 'ore'), 409, { error: 'This gear is listed on the marketplace.' });
    // Listed into a filled slot: the equipped one stays.
    const listedLumber = await giveGear(stack, player, { type: 'lumber', rarity: 'mythical', level: 1, listed: true });
    await expectRefused([player], () => equip(player, listedLumber, 'lumber'), 409, { error: GearMessages.gearListed });
    expect(await equippedIdsOf(stack, player, 'lumber')).toEqual([equipped]);
    expect(await equippedIdsOf(stack, player, 'ore')).toEqual([]);
  });

  it('swaps into a filled slot: the old gear is available again', async () => {
    const player = await newCityPlayer(stack, 'swp');
    const first = await gearFor(player, { type: 'infantry', rarity: 'common', level: 2 });
    const second = await gearFor(player, { type: 'infantry', rarity: 'epic', level: 1 });
    const other = await gearFor(player, { type: 'wheat', rarity: 'common', level: 1 });
    expect((await equip(player, first.id, 'infantry')).status).toBe(200);
    expect((await equip(player, other.id, 'wheat')).status).toBe(200);
    expect(idsOf((await availableOf(player)).gears)).toEqual([second.id]);

    const swap = await equip(player, second.id, 'infantry');
    expect(swap.status).toBe(200);
    expect(swap.data.equippedGears).toEqual({
      ...NO_GEAR_SLOTS,
      infantry: { ...second.dto, isEquipped: true },
      wheat: { ...other.dto, isEquipped: true },
    });
    expect(await equippedIdsOf(stack, player, 'infantry')).toEqual([second.id]);
    expect(await gearRow(stack, first.id)).toMatchObject({ equipped: false, listed: false, ownerId: player.playerId });
    expect((await availableOf(player, 'commander', 'infantry')).gears).toEqual([first.dto]);

    // And back.
    expect((await equip(player, first.id, 'infantry')).data.equippedGears.infantry).toEqual({ ...first.dto, isEquipped: true });
    expect((await availableOf(player, 'commander')).gears).toEqual([second.dto]);
  });
});

describe('unequip', () => {
  it('empties the slot; the gear is available again', async () => {
    const player = await newCityPlayer(stack, 'uneq');
    const { id, dto } = await gearFor(player, { type: 'stone', rarity: 'rare', level: 6 });
    const ore = await gearFor(player, { type: 'ore', rarity: 'common', level: 1 });
    expect((await equip(player, id, 'stone')).status).toBe(200);
    expect((await equip(player, ore.id, 'ore')).status).toBe(200);

    const response = await unequip(player, 'stone');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      success: true,
      message: 'Gear unequipped.',
      equippedGears: { ...NO_GEAR_SLOTS, ore: { ...ore.dto, isEquipped: true } },
    });
    expect(await gearRow(stack, id)).toMatchObject({ equipped: false, ownerId: player.playerId });
    expect(await availableOf(player)).toEqual({ gears: [dto] });
    expect((await equippedOf(player)).equippedGears.stone).toBeNull();
  });

  it('refuses an empty slot with 400, changing nothing (production is not re-banked)', async () => {
    const player = await newCityPlayer(stack, 'uneq');
    await giveGear(stack, player, { type: 'wheat', rarity: 'common', level: 1 });
    await letTimePass(stack, player, HOUR);
    await expectRefused([player], () => unequip(player, 'wheat'), 400, { error: 'Nothing is equipped in this slot.' });
    const id = await giveGear(stack, player, { type: 'archer', rarity: 'common', level: 1 });
    expect((await equip(player, id, 'archer')).status).toBe(200);
    expect((await unequip(player, 'archer')).status).toBe(200);
    await expectRefused([player], () => unequip(player, 'archer'), 400, { error: GearMessages.slotEmpty });
  });
});

describe('mayor gear and production', () => {
  // Farm and Lumber Mill at level 1: 120 and 100 an hour (thousandths); the Quarry and Mine are locked at City Hall 1.
  const WHEAT = 120_000;
  const LUMBER = 100_000;
  // Rare level 3: 2% + 2 × 0.4% = 2.8%.
  const BOOSTED_WHEAT = Math.floor((WHEAT * 10_280) / 10_000);
  const accrued = (perHour: number, ms: number) => Math.floor((perHour * ms) / HOUR);

  it('banks production at the old rate on equip, produces at the boosted rate while equipped, and banks it again on unequip', async () => {
    expect(BOOSTED_WHEAT).toBe(123_360);
    const player = await newCityPlayer(stack, 'farm');
    const { id } = await gearFor(player, { type: 'wheat', rarity: 'rare', level: 3 });
    await letTimePass(stack, player, 2 * HOUR);
    const start = await productionRow(stack, player);
    expect(start.storedPending).toEqual({});

    // Equip: what the two hours produced is banked at the old rate, and the new rate runs from now.
    expect((await equip(player, id, 'wheat')).status).toBe(200);
    const equipped = await productionRow(stack, player);
    const beforeEquip = equipped.anchorMs - start.anchorMs;
    expect(beforeEquip).toBeGreaterThanOrEqual(2 * HOUR);
    expect(beforeEquip).toBeLessThan(2 * HOUR + 60_000);
    expect(equipped.storedPending).toEqual({ wheat: accrued(WHEAT, beforeEquip), lumber: accrued(LUMBER, beforeEquip), stone: 0, ore: 0 });

    const city = await cityOf(player);
    expect(city.gearBonuses).toEqual({ ...NO_MAYOR_BONUSES, wheatProduction: 2.8 });

    // Three hours pass while it is equipped: wheat grows at 123.36 an hour, lumber as before.
    await letTimePass(stack, player, 3 * HOUR);
    const running = await productionRow(stack, player);
    expect(running.storedPending).toEqual(equipped.storedPending);
    const askedAt = Date.now();
    const { pendingResources } = await cityOf(player);
    const answeredAt = Date.now();
    const wheatShown = Math.round(pendingResources.wheat * 1000);
    expect(wheatShown).toBeGreaterThanOrEqual(equipped.storedPending.wheat + accrued(BOOSTED_WHEAT, askedAt - running.anchorMs));
    expect(wheatShown).toBeLessThanOrEqual(equipped.storedPending.wheat + accrued(BOOSTED_WHEAT, answeredAt - running.anchorMs));
    expect(Math.round(pendingResources.lumber * 1000)).toBeLessThanOrEqual(
      equipped.storedPending.lumber + accrued(LUMBER, answeredAt - running.anchorMs),
    );

    // Unequip banks exactly the boosted three hours; from then on the old rate again.
    expect((await unequip(player, 'wheat')).status).toBe(200);
    const unequipped = await productionRow(stack, player);
    const whileEquipped = unequipped.anchorMs - running.anchorMs;
    expect(whileEquipped).toBeGreaterThanOrEqual(3 * HOUR);
    expect(unequipped.storedPending).toEqual({
      wheat: equipped.storedPending.wheat + accrued(BOOSTED_WHEAT, whileEquipped),
      lumber: equipped.storedPending.lumber + accrued(LUMBER, whileEquipped),
      stone: 0,
      ore: 0,
    });
    // 3 hours × 3.36 more wheat than without the gear.
    expect(unequipped.storedPending.wheat - equipped.storedPending.wheat - accrued(WHEAT, whileEquipped)).toBeGreaterThanOrEqual(
      10_080 - 1,
    );
    expect((await cityOf(player)).gearBonuses).toEqual(NO_MAYOR_BONUSES);
  });

  it('banks at the old gear rate when a gear is swapped for a stronger one', async () => {
    const player = await newCityPlayer(stack, 'farm');
    const weak = await giveGear(stack, player, { type: 'lumber', rarity: 'common', level: 1 });
    const strong = await giveGear(stack, player, { type: 'lumber', rarity: 'mythical', level: 2 });
    expect((await equip(player, weak, 'lumber')).status).toBe(200);
    await letTimePass(stack, player, 4 * HOUR);
    const before = await productionRow(stack, player);
    expect((await equip(player, strong, 'lumber')).status).toBe(200);
    const after = await productionRow(stack, player);
    const elapsed = after.anchorMs - before.anchorMs;
    // Common level 1 is 1%: 101 lumber an hour until the swap.
    expect(after.storedPending.lumber).toBe(before.storedPending.lumber + accrued(101_000, elapsed));
    expect(after.storedPending.wheat).toBe(before.storedPending.wheat + accrued(WHEAT, elapsed));
    // Mythical level 2: 12% + 2.4%.
    expect((await cityOf(player)).gearBonuses).toEqual({ ...NO_MAYOR_BONUSES, lumberProduction: 14.4 });
  });

  it('a locked building stays at 0 whatever its gear', async () => {
    const player = await newCityPlayer(stack, 'farm');
    const ore = await giveGear(stack, player, { type: 'ore', rarity: 'mythical', level: 20 });
    expect((await equip(player, ore, 'ore')).status).toBe(200);
    await letTimePass(stack, player, 5 * HOUR);
    const city = await cityOf(player);
    expect(city.gearBonuses).toEqual({ ...NO_MAYOR_BONUSES, oreProduction: 57.6 });
    expect(city.pendingResources.ore).toBe(0);
  });
});

describe('commander gear and army power', () => {
  it('boosts army power per troop type, in the stats, the enemy list and the battles fought', async () => {
    const [general, rival] = await Promise.all([newCityPlayer(stack, 'gen'), newCityPlayer(stack, 'riv')]);
    const infantry = await gearFor(general, { type: 'infantry', rarity: 'epic', level: 3 }); // 5.6%
    const archer = await gearFor(general, { type: 'archer', rarity: 'rare', level: 2 }); // 2.4%
    const cavalry = await gearFor(general, { type: 'cavalry', rarity: 'mythical', level: 1 }); // 12%
    const wheat = await gearFor(general, { type: 'wheat', rarity: 'epic', level: 1 });
    const army = { infantry: 123, archers: 45, cavalries: 7 };
    await setArmy(stack, general, army);
    expect(await armyStatsOf(general)).toMatchObject({ armyPower: 2.427, commanderBonuses: { infantry: 0, archer: 0, cavalry: 0 } });

    for (const gear of [infantry, archer, cavalry, wheat]) expect((await equip(general, gear.id, gear.dto.type)).status).toBe(200);
    const boosts = { infantry: 560, archers: 240, cavalries: 1200 };
    // floor(1230 × 1.056 + 945 × 1.024 + 252 × 1.12) = floor(2548.8)
    expect(powerOf(army, boosts)).toBe(2548);
    const stats = await armyStatsOf(general);
    expect(stats).toMatchObject({ infantry: 123, archers: 45, cavalry: 7, armyCount: 175, armyPower: 2.548 });
    expect(stats.commanderBonuses).toEqual({ infantry: 5.6, archer: 2.4, cavalry: 12 });

    // Others see the same power and bonuses in the enemy list.
    const level = await levelAboveEveryCity(stack);
    await setCityHallLevel(stack, general, level);
    const { enemies } = await enemiesOf(rival, 1, level);
    expect(enemies).toEqual([
      expect.objectContaining({ name: general.username, armyPower: 2.548, commanderBonuses: { infantry: 5.6, archer: 2.4, cavalry: 12 } }),
    ]);

    // A battle uses both sides' bonuses, and replays from what it stored.
    const shield = await giveGear(stack, rival, { type: 'infantry', rarity: 'common', level: 1 });
    expect((await equip(rival, shield, 'infantry')).status).toBe(200);
    await setArmy(stack, rival, { infantry: 10 });
    // A raidable rival: in the general's City Hall band and past its newcomer shield.
    await setCityHallLevel(stack, rival, level);
    await pastNewcomerShield(stack, rival);
    const fight = await attack(general, rival.username);
    expect(fight.status).toBe(200);
    const [battle] = await battlesOf(stack, { attacker: general, defender: rival });
    expect(battle.input.attacker).toEqual({ troops: army, bonuses: { infantry: 5.6, archers: 2.4, cavalries: 12 } });
    expect(battle.input.defender.bonuses).toEqual({ infantry: 1, archers: 0, cavalries: 0 });
    expect(resolveBattle(battle.input)).toEqual(battle.outcome);
    expect(fight.data.updatedPlayer.commanderBonuses).toEqual({ infantry: 5.6, archer: 2.4, cavalry: 12 });

    // Unequipping takes the boost away.
    await setArmy(stack, general, army);
    expect((await unequip(general, 'cavalry')).status).toBe(200);
    expect(powerOf(army, { ...boosts, cavalries: 0 })).toBe(2518);
    expect(await armyStatsOf(general)).toMatchObject({ armyPower: 2.518, commanderBonuses: { infantry: 5.6, archer: 2.4, cavalry: 0 } });
  });

  it("GET /api/attack/gear/{name} shows a player's commander slots (never the mayor ones) to anyone logged in", async () => {
    const [owner, viewer] = await Promise.all([newCityPlayer(stack, 'shw'), newCityPlayer(stack, 'look')]);
    const archer = await gearFor(owner, { type: 'archer', rarity: 'legendary', level: 5, currentExp: 42 });
    const ore = await gearFor(owner, { type: 'ore', rarity: 'common', level: 1 });
    await giveGear(stack, owner, { type: 'cavalry', rarity: 'epic', level: 1 }); // owned, not equipped
    expect((await equip(owner, archer.id, 'archer')).status).toBe(200);
    expect((await equip(owner, ore.id, 'ore')).status).toBe(200);

    const expected = {
      username: owner.username,
      equippedGears: { infantry: null, archer: { ...archer.dto, isEquipped: true }, cavalry: null },
    };
    for (const api of [viewer.api, owner.api]) {
      const response = await api.get(ApiRoutes.attackGear(owner.username));
      expect(response.status).toBe(200);
      expect(response.data).toEqual(expected);
    }
    expect(expected.equippedGears.archer.stats.archerAttackBoost).toBe(12.6);
    expect((await viewer.api.get(ApiRoutes.attackGear(viewer.username))).data).toEqual({
      username: viewer.username,
      equippedGears: { infantry: null, archer: null, cavalry: null },
    });
  });

  it('GET /api/attack/gear/{name}: 404 for an unknown player, 400 for a bad name or query, 401 without a session', async () => {
    const viewer = await newCityPlayer(stack, 'look');
    const unknown = await viewer.api.get(ApiRoutes.attackGear('nosuchplayer1'));
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ error: GearMessages.playerNotFound });
    for (const path of [ApiRoutes.attackGear('Bad_Name'), `${ApiRoutes.attackGear(viewer.username)}?slot=archer`]) {
      const response = await viewer.api.get(path);
      expect(response.status).toBe(400);
      expect(typeof response.data.error).toBe('string');
    }
    for (const api of [apiClient(stack.apiUrl), apiClient(stack.apiUrl, 'y'.repeat(43))]) {
      expect((await api.get(ApiRoutes.attackGear(viewer.username))).status).toBe(401);
    }
  });
});

describe('ownership and bad input', () => {
  let alice: CityPlayer;
  let bob: CityPlayer;
  let aliceGear: number;
  let bobGear: number;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([newCityPlayer(stack, 'ali'), newCityPlayer(stack, 'bob')]);
    aliceGear = await giveGear(stack, alice, { type: 'wheat', rarity: 'rare', level: 2 });
    bobGear = await giveGear(stack, bob, { type: 'wheat', rarity: 'rare', level: 2 });
    // Bob has something in a slot, so an unequip that got through would show.
    await giveGear(stack, bob, { type: 'ore', rarity: 'common', level: 1, equipped: true });
    await giveGear(stack, alice, { type: 'ore', rarity: 'common', level: 1, equipped: true });
  });

  type Call = { route: string; send: (as: CityPlayer['api'], user: string) => Promise<Response> };
  const CALLS: Call[] = [
    { route: 'GET /api/gears/equipped/{user}', send: (api, user) => api.get(ApiRoutes.gearsEquipped(user)) },
    { route: 'GET /api/gears/available/{user}', send: (api, user) => api.get(ApiRoutes.gearsAvailable(user, 'mayor')) },
    {
      route: 'POST /api/gears/equip',
      send: (api, user) => api.post(ApiRoutes.gearsEquip, { hiveUsername: user, gearId: bobGear, slotType: 'wheat' }),
    },
    { route: 'POST /api/gears/unequip', send: (api, user) => api.post(ApiRoutes.gearsUnequip, { hiveUsername: user, slotType: 'ore' }) },
  ];

  it.each(CALLS)("gives 403 for another player's name on $route, changing nothing", async ({ send }) => {
    await expectRefused([alice, bob], () => send(alice.api, bob.username), 403, NOT_YOUR_ACCOUNT);
  });

  it.each(CALLS)('gives 401 without a session or with an unknown token on $route', async ({ send }) => {
    for (const api of [apiClient(stack.apiUrl), apiClient(stack.apiUrl, 'x'.repeat(43))]) {
      const before = await gearSnapshot(stack, alice, bob);
      expect((await send(api, alice.username)).status).toBe(401);
      expect((await send(api, bob.username)).status).toBe(401);
      expect(await gearSnapshot(stack, alice, bob)).toEqual(before);
    }
  });

  it("refuses equipping someone else's gear in one's own name (403), and the slot stays theirs", async () => {
    await expectRefused([alice, bob], () => equip(alice, bobGear, 'wheat'), 403, { error: GearMessages.notYourGear });
  });

  const id = () => aliceGear;
  it.each([
    ['gearId as a string', () => ({ gearId: String(id()), slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId as a float', () => ({ gearId: id() + 0.5, slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId negative', () => ({ gearId: -id(), slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId 0', () => ({ gearId: 0, slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId beyond 2^53', () => ({ gearId: 2 ** 53, slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId 1e300', () => ({ gearId: 1e300, slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId null', () => ({ gearId: null, slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId missing', () => ({ slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId a boolean', () => ({ gearId: true, slotType: 'wheat' }), GearMessages.invalidGearId],
    ['gearId a list', () => ({ gearId: [id()], slotType: 'wheat' }), GearMessages.invalidGearId],
    ['an unknown slot', () => ({ gearId: id(), slotType: 'sword' }), GearMessages.unknownSlot],
    ['a capitalised slot', () => ({ gearId: id(), slotType: 'Wheat' }), GearMessages.unknownSlot],
    ['a plural slot', () => ({ gearId: id(), slotType: 'archers' }), GearMessages.unknownSlot],
    ['the slot missing', () => ({ gearId: id() }), GearMessages.unknownSlot],
    ['the slot a number', () => ({ gearId: id(), slotType: 3 }), GearMessages.unknownSlot],
    ['an unknown field', () => ({ gearId: id(), slotType: 'wheat', force: true }), undefined],
    ['a category field', () => ({ gearId: id(), slotType: 'wheat', category: 'mayor' }), undefined],
  ])('refuses an equip body with %s (400), changing nothing', async (_name, body, message) => {
    await expectRefused(
      [alice],
      () => alice.api.post(ApiRoutes.gearsEquip, { hiveUsername: alice.username, ...body() }),
      400,
      message ? { error: message } : expect.objectContaining({ error: expect.any(String) }),
    );
  });

  it.each([
    ['no hiveUsername', () => ({ gearId: id(), slotType: 'wheat' })],
    ['an empty body', () => ({})],
    ['a list', () => [{ hiveUsername: alice.username, gearId: id(), slotType: 'wheat' }]],
    ['a string', () => 'wheat'],
  ])('refuses an equip request with %s (400)', async (_name, body) => {
    const before = await gearSnapshot(stack, alice);
    const response = await alice.api.post(ApiRoutes.gearsEquip, body(), { headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(typeof response.data.error).toBe('string');
    expect(await gearSnapshot(stack, alice)).toEqual(before);
  });

  it.each([
    ['an unknown slot', { slotType: 'helmet' }, GearMessages.unknownSlot],
    ['the slot missing', {}, GearMessages.unknownSlot],
    ['the slot null', { slotType: null }, GearMessages.unknownSlot],
    ['the slot a list', { slotType: ['ore'] }, GearMessages.unknownSlot],
    ['a gearId field', { slotType: 'ore', gearId: 1 }, undefined],
    ['an unknown field', { slotType: 'ore', all: true }, undefined],
  ])('refuses an unequip body with %s (400), changing nothing', async (_name, body, message) => {
    await expectRefused(
      [alice],
      () => alice.api.post(ApiRoutes.gearsUnequip, { hiveUsername: alice.username, ...body }),
      400,
      message ? { error: message } : expect.objectContaining({ error: expect.any(String) }),
    );
    expect(await equippedIdsOf(stack, alice, 'ore')).toHaveLength(1);
  });

  it('refuses an unequip without hiveUsername or with no body (400)', async () => {
    for (const body of [{ slotType: 'ore' }, undefined]) {
      const before = await gearSnapshot(stack, alice);
      const response = await alice.api.post(ApiRoutes.gearsUnequip, body);
      expect(response.status).toBe(400);
      expect(await gearSnapshot(stack, alice)).toEqual(before);
    }
  });

  it('still has every gear where it was', async () => {
    expect((await gearRowsOf(stack, alice)).map((row) => [row.type, row.equipped])).toEqual([
      ['wheat', false],
      ['ore', true],
    ]);
    expect((await gearRowsOf(stack, bob)).map((row) => [row.type, row.equipped, row.ownerId])).toEqual([
      ['wheat', false, bob.playerId],
      ['ore', true, bob.playerId],
    ]);
  });
});
