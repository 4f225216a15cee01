import { AttackMessages, ApiRoutes, ENEMIES_PAGE_SIZE, type AttackPreviewResponse } from '@runik/contract';
import {
  armyPower,
  ATTACK_CHARGE_REGEN_MS,
  ATTACK_CHARGES_MAX,
  BUILDING_KEYS,
  ENEMY_COOLDOWN_MS,
  fromThousandths,
  lootBroughtHome,
  NO_COMMANDER_BONUSES,
  noResources,
  pendingResources,
  previewBattle,
  productionPerHour,
  RAIDS,
  PENDING_CAP_HOURS,
  recordOf,
  RESOURCE_KEYS,
  ResourceAmounts,
  resolveBattle,
  STARTING_BUILDING_LEVEL,
  Troops,
  UNIT_KEYS,
} from '@runik/rules';
import { apiClient } from '../support/api-client';
import {
  armyStatsOf,
  attack,
  attackSnapshot,
  battleLogsOf,
  battlesOf,
  cityRow,
  enemiesOf,
  expectedVerdict,
  joinSameAlliance,
  levelAboveEveryCity,
  lootCredited,
  newRaidablePlayer,
  setArmy,
  setCharges,
  thousandths,
} from '../support/attack';
import { cityOf, CityPlayer, injure, letTimePass, setCityHallLevel } from '../support/city';
import { queryDatabase } from '../support/database';
import { uniqueUsername } from '../support/hive';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const MINUTE = 60_000;
const HOUR = 3_600_000;
const NO_BONUSES = { infantry: 0, archer: 0, cavalry: 0 };

async function playerAt(level: number, prefix = 'atk'): Promise<CityPlayer> {
  const player = await newRaidablePlayer(stack, prefix);
  await setCityHallLevel(stack, player, level);
  return player;
}

/** The attack API names cavalry in the singular. */
const troopsDto = (troops: Troops) => ({ infantry: troops.infantry, archers: troops.archers, cavalry: troops.cavalries });
const resourcesDto = (amounts: ResourceAmounts) => ({
  wheat: fromThousandths(amounts.wheat),
  lumber: fromThousandths(amounts.lumber),
  stone: fromThousandths(amounts.stone),
  ore: fromThousandths(amounts.ore),
});
const minus = (army: Troops, ...losses: Troops[]): Troops => {
  const left = { ...army };
  for (const loss of losses) for (const unit of UNIT_KEYS) left[unit] -= loss[unit];
  return left;
};
const plus = (army: Troops, ...gains: Troops[]): Troops => {
  const total = { ...army };
  for (const gain of gains) for (const unit of UNIT_KEYS) total[unit] += gain[unit];
  return total;
};

/** What the server should have computed as the defender's pending production at `at`, from its stored row. */
function expectedPending(row: Awaited<ReturnType<typeof cityRow>>, at: Date): ResourceAmounts {
  const levels = recordOf(BUILDING_KEYS, (key) => row.building_levels[key] ?? STARTING_BUILDING_LEVEL);
  return pendingResources(
    {
      chLevel: row.ch_level,
      levels,
      gearBonuses: noResources(),
      army: row.army,
      storedPending: row.stored_pending,
      anchorMs: row.production_anchor_at.getTime(),
    },
    at.getTime(),
  );
}

/** A refused attack: the status and body, and nothing changed anywhere. */
async function expectRefused(
  attacker: CityPlayer,
  enemy: string,
  others: CityPlayer[],
  status: number,
  body: Record<string, unknown> | ((data: Record<string, unknown>) => void),
): Promise<void> {
  const before = await attackSnapshot(stack, attacker, ...others);
  const response = await attack(attacker, enemy);
  expect(response.status).toBe(status);
  if (typeof body === 'function') body(response.data as unknown as Record<string, unknown>);
  else expect(response.data).toEqual(body);
  expect(await attackSnapshot(stack, attacker, ...others)).toEqual(before);
}

describe('army stats', () => {
  it('shows an empty army with every charge for a new player', async () => {
    const player = await newRaidablePlayer(stack);
    const response = await player.api.get(ApiRoutes.armyStats(player.username));
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      infantry: 0,
      archers: 0,
      cavalry: 0,
      armyCount: 0,
      armyPower: 0,
      attacksRemaining: 5,
      attacksMax: 5,
      nextRegenInMs: 0,
      cooldownActive: false,
      commanderBonuses: NO_BONUSES,
    });
  });

  it('counts the army and its power at 0.01, 0.021 and 0.036 a unit', async () => {
    const player = await newRaidablePlayer(stack);
    await setArmy(stack, player, { infantry: 123, archers: 45, cavalries: 7 });
    const stats = await armyStatsOf(player);
    expect(stats).toMatchObject({ infantry: 123, archers: 45, cavalry: 7, armyCount: 175 });
    // (10 × 123 + 21 × 45 + 36 × 7) / 1000
    expect(stats.armyPower).toBe(2.427);
    expect((await cityOf(player)).army).toEqual({ infantry: 123, archers: 45, cavalries: 7 });
  });

  it('counts a finished training batch as army', async () => {
    const player = await newRaidablePlayer(stack);
    expect((await player.api.post(`/api/city/train/${player.username}`, { building: 'quarters', count: 10 })).status).toBe(200);
    expect((await armyStatsOf(player)).infantry).toBe(0);
    await letTimePass(stack, player, 300_000);
    expect(await armyStatsOf(player)).toMatchObject({ infantry: 10, armyCount: 10, armyPower: 0.1 });
  });

  it('regenerates one charge an hour from the stored anchor, up to 5, without writing', async () => {
    const player = await newRaidablePlayer(stack);

    await setCharges(stack, player, 2, 90 * MINUTE);
    const partial = await armyStatsOf(player);
    expect(partial).toMatchObject({ attacksRemaining: 3, attacksMax: 5, cooldownActive: false });
    expect(partial.nextRegenInMs).toBeGreaterThan(30 * MINUTE - MINUTE);
    expect(partial.nextRegenInMs).toBeLessThanOrEqual(30 * MINUTE);
    // Reading computes; it stores nothing.
    expect((await cityRow(stack, player)).attack_charges).toBe(2);

    await setCharges(stack, player, 0, 10_000);
    const empty = await armyStatsOf(player);
    expect(empty).toMatchObject({ attacksRemaining: 0, cooldownActive: true });
    expect(empty.nextRegenInMs).toBeGreaterThan(HOUR - 10_000 - MINUTE);
    expect(empty.nextRegenInMs).toBeLessThanOrEqual(HOUR - 10_000);

    await setCharges(stack, player, 1, 5 * HOUR);
    expect(await armyStatsOf(player)).toMatchObject({ attacksRemaining: ATTACK_CHARGES_MAX, nextRegenInMs: 0, cooldownActive: false });
  });
});

describe('enemies', () => {
  it('pages by 10, strongest City Hall first, never the player nor their alliance', async () => {
    const band = await levelAboveEveryCity(stack);
    const viewer = await playerAt(band, 'view');
    const ally = await playerAt(band + 50, 'ally');
    // Ten others on levels band+1 … band+10.
    const others: CityPlayer[] = [];
    for (let i = 1; i <= 10; i++) others.push(await playerAt(band + i, 'foe'));
    const byStrength = [ally, ...[...others].reverse()].map((player) => player.username);

    const first = await enemiesOf(viewer, 1, band);
    expect(first.page).toBe(1);
    expect(first.totalPages).toBe(2);
    expect(first.enemies).toHaveLength(ENEMIES_PAGE_SIZE);
    const second = await enemiesOf(viewer, 2, band);
    expect(second).toMatchObject({ page: 2, totalPages: 2 });
    expect([...first.enemies, ...second.enemies].map((enemy) => enemy.name)).toEqual(byStrength);
    expect(await enemiesOf(viewer, 3, band)).toEqual({ enemies: [], page: 3, totalPages: 2 });
    expect(first.enemies[0].chLevel).toBe(band + 50);

    const tag = await joinSameAlliance(stack, [viewer, ally]);
    const allied = await enemiesOf(viewer, 1, band);
    expect(allied.totalPages).toBe(1);
    expect(allied.enemies.map((enemy) => enemy.name)).toEqual(byStrength.slice(1));
    expect((await enemiesOf(ally, 1, band)).enemies.map((enemy) => enemy.name)).toEqual(byStrength.slice(1));
    // Others see both, the alliance tag included.
    const seenByOther = [...(await enemiesOf(others[0], 1, band)).enemies, ...(await enemiesOf(others[0], 2, band)).enemies];
    expect(seenByOther.map((enemy) => [enemy.name, enemy.allianceTag])).toEqual([
      [ally.username, tag],
      ...byStrength.slice(1, 10).map((name) => [name, null]),
      [viewer.username, tag],
    ]);
  });

  it("shows each enemy's army, power and pending resources, and no cooldown before an attack", async () => {
    const band = await levelAboveEveryCity(stack);
    const viewer = await playerAt(band);
    const enemy = await playerAt(band);
    await setArmy(stack, enemy, { infantry: 40, archers: 20, cavalries: 10 });
    await letTimePass(stack, enemy, 48 * HOUR);
    const { enemies } = await enemiesOf(viewer, 1, band);
    const cap = (resource: (typeof RESOURCE_KEYS)[number]) => fromThousandths(productionPerHour(resource, 1) * PENDING_CAP_HOURS);
    expect(enemies).toEqual([
      {
        name: enemy.username,
        chLevel: band,
        allianceTag: null,
        infantry: 40,
        archers: 20,
        cavalry: 10,
        armyPower: 1.18,
        commanderBonuses: NO_BONUSES,
        // Everything is unlocked at this City Hall and 48 hours is beyond the 12-hour cap.
        pendingResources: { wheat: cap('wheat'), lumber: cap('lumber'), stone: cap('stone'), ore: cap('ore') },
        attackCooldownUntil: null,
        shield: null,
        shieldEndsAt: null,
        lootPercent: 100,
      },
    ]);
    expect((await cityOf(enemy)).pendingResources).toEqual(enemies[0].pendingResources);
  });

  it('takes a blank or missing minimum level as 0 and counts every other city', async () => {
    const viewer = await newRaidablePlayer(stack);
    const [{ count }] = await queryDatabase<{ count: string }>(stack.database.url, 'SELECT count(*) FROM cities WHERE player_id <> $1', [
      viewer.playerId,
    ]);
    const totalPages = Math.max(1, Math.ceil(Number(count) / ENEMIES_PAGE_SIZE));
    const names = (data: { enemies: { name: string }[] }) => data.enemies.map((enemy) => enemy.name);
    const zero = await enemiesOf(viewer, 1, 0);
    expect(zero.totalPages).toBe(totalPages);
    for (const query of ['?minLevel=', '?page=1&minLevel=', '?minLevel=%20', '']) {
      const response = await viewer.api.get(`/api/attack/enemies/${viewer.username}${query}`);
      expect(response.status).toBe(200);
      expect(response.data.totalPages).toBe(totalPages);
      expect(response.data.page).toBe(1);
      expect(names(response.data)).toEqual(names(zero));
    }
    const lastPage = await enemiesOf(viewer, totalPages, 0);
    expect(lastPage.enemies.length).toBe(Number(count) - (totalPages - 1) * ENEMIES_PAGE_SIZE);
    expect(names(lastPage)).not.toContain(viewer.username);
  });
});

describe('attack', () => {
  it('fights a battle that replays from its seed, moves troops, loot and charges exactly, and logs it for both', async () => {
    const band = await levelAboveEveryCity(stack);
    const attacker = await playerAt(band, 'raid');
    const defender = await playerAt(band, 'keep');
    await setArmy(stack, attacker, { infantry: 200, archers: 50, cavalries: 100 });
    await injure(stack, attacker, { infantry: 3, archers: 2, cavalries: 1 });
    await setArmy(stack, defender, { infantry: 30, archers: 10, cavalries: 2 });
    await letTimePass(stack, defender, 6 * HOUR);

    const [{ enemies: enemiesBefore }, attackerCityBefore, defenderCityBefore, defenderRowBefore] = await Promise.all([
      enemiesOf(attacker, 1, band),
      cityOf(attacker),
      cityOf(defender),
      cityRow(stack, defender),
    ]);
    expect(enemiesBefore).toEqual([expect.objectContaining({ name: defender.username, attackCooldownUntil: null })]);

    const response = await attack(attacker, defender.username, {});
    expect(response.status).toBe(200);

    // The stored battle: its input replays to its outcome.
    const battles = await battlesOf(stack, { attacker, defender });
    expect(battles).toHaveLength(1);
    const [battle] = battles;
    const { input, outcome } = battle;
    expect(battle.seed).toBe(input.seed);
    expect(resolveBattle(input)).toEqual(outcome);
    expect(input.attacker).toEqual({ troops: { infantry: 200, archers: 50, cavalries: 100 }, bonuses: NO_COMMANDER_BONUSES });
    expect(input.defender.troops).toEqual({ infantry: 30, archers: 10, cavalries: 2 });
    expect(input.defender.bonuses).toEqual(NO_COMMANDER_BONUSES);
    expect(input.defender.pending).toEqual(expectedPending(defenderRowBefore, battle.foughtAt));
    // 6.65 power against 0.582 (×1.1 at home, luck within ±10%): the attacker always wins, and takes something of each resource.
    expect(outcome.winner).toBe('attacker');
    for (const resource of RESOURCE_KEYS) expect(outcome.loot[resource]).toBeGreaterThan(0);

    const attackerArmy = minus(input.attacker.troops, outcome.attacker.dead, outcome.attacker.injured);
    const defenderArmy = minus(input.defender.troops, outcome.defender.dead, outcome.defender.injured);
    // The defender loses what was taken; the attacker brings home 80% of it, the rest is lost on the way.
    const leftPending = recordOf(RESOURCE_KEYS, (r) => input.defender.pending[r] - outcome.loot[r] - outcome.lootLost[r]);
    for (const r of RESOURCE_KEYS) expect(outcome.loot[r]).toBe(lootBroughtHome(outcome.loot[r] + outcome.lootLost[r]));
    expect(input.lootPercent).toBe(100);
    const cooldownUntil = new Date(battle.foughtAt.getTime() + ENEMY_COOLDOWN_MS).toISOString();

    // 2,000 + 1,050 + 3,600 power points against (300 + 210 + 72) x 1.10 at home, before luck.
    expect(response.data.result.verdict).toMatchObject({ attackerPower: 6.65, defenderPower: 0.64 });
    // The response.
    expect(response.data).toEqual({
      result: {
        battleId: battle.id,
        winner: 'attacker',
        attacker: { name: attacker.username, dead: troopsDto(outcome.attacker.dead), injured: troopsDto(outcome.attacker.injured) },
        defender: { name: defender.username, dead: troopsDto(outcome.defender.dead), injured: troopsDto(outcome.defender.injured) },
        loot: resourcesDto(outcome.loot),
        lootLost: resourcesDto(outcome.lootLost),
        verdict: expectedVerdict(input, outcome),
      },
      updatedPlayer: {
        ...troopsDto(attackerArmy),
        armyCount: attackerArmy.infantry + attackerArmy.archers + attackerArmy.cavalries,
        armyPower: fromThousandths(armyPower(attackerArmy)),
        attacksRemaining: 4,
        attacksMax: 5,
        // Spent from full: the next charge is a whole hour away.
        nextRegenInMs: ATTACK_CHARGE_REGEN_MS,
        cooldownActive: false,
        commanderBonuses: NO_BONUSES,
      },
      updatedEnemies: [
        {
          name: defender.username,
          chLevel: band,
          allianceTag: null,
          ...troopsDto(defenderArmy),
          armyPower: fromThousandths(armyPower(defenderArmy)),
          commanderBonuses: NO_BONUSES,
          pendingResources: resourcesDto(leftPending),
          attackCooldownUntil: cooldownUntil,
          shield: null,
          shieldEndsAt: null,
          lootPercent: 100,
        },
      ],
    });

    // The armies: the dead are gone, the injured wait in the sanctum beside those already there.
    const [attackerCity, defenderCity] = await Promise.all([cityOf(attacker), cityOf(defender)]);
    expect(attackerCity.army).toEqual(attackerArmy);
    expect(attackerCity.sanctum.injured).toEqual(plus({ infantry: 3, archers: 2, cavalries: 1 }, outcome.attacker.injured));
    expect(defenderCity.army).toEqual(defenderArmy);
    expect(defenderCity.sanctum.injured).toEqual(outcome.defender.injured);

    // The loot: credited to the attacker's balances exactly, through the ledger; taken from the defender's pending only.
    for (const resource of RESOURCE_KEYS) {
      expect(thousandths(attackerCity.resources[resource]) - thousandths(attackerCityBefore.resources[resource])).toBe(
        outcome.loot[resource],
      );
    }
    expect(attackerCity.resources.runik).toBe(attackerCityBefore.resources.runik);
    expect(await lootCredited(stack, attacker)).toEqual(outcome.loot);
    expect(defenderCity.resources).toEqual(defenderCityBefore.resources);
    const [attackerRow, defenderRow] = await Promise.all([cityRow(stack, attacker), cityRow(stack, defender)]);
    expect(defenderRow.stored_pending).toEqual(leftPending);
    expect(defenderRow.production_anchor_at).toEqual(battle.foughtAt);
    // The attacker's production is settled at the battle too: its upkeep changes with its losses.
    expect(attackerRow.production_anchor_at).toEqual(battle.foughtAt);
    for (const resource of RESOURCE_KEYS)
      expect(thousandths(defenderCity.pendingResources[resource])).toBeGreaterThanOrEqual(leftPending[resource]);

    // One charge spent, its regeneration counted from the battle.
    expect(attackerRow.attack_charges).toBe(4);
    expect(attackerRow.attack_charges_at).toEqual(battle.foughtAt);

    // The enemy list shows the cooldown to this attacker only.
    expect((await enemiesOf(attacker, 1, band)).enemies).toEqual([
      expect.objectContaining({ name: defender.username, attackCooldownUntil: cooldownUntil }),
    ]);
    expect((await enemiesOf(defender, 1, band)).enemies).toEqual([
      expect.objectContaining({ name: attacker.username, attackCooldownUntil: null }),
    ]);

    // Both battle logs.
    const entry = {
      battleId: battle.id,
      seed: input.seed,
      attacker: attacker.username,
      defender: defender.username,
      winner: 'attacker',
      timestamp: battle.foughtAt.toISOString(),
      loot: resourcesDto(outcome.loot),
      attackerCasualties: troopsDto(outcome.attacker.dead),
      defenderCasualties: troopsDto(outcome.defender.dead),
      attackerInjured: troopsDto(outcome.attacker.injured),
      defenderInjured: troopsDto(outcome.defender.injured),
    };
    expect(await battleLogsOf(attacker)).toEqual({ logs: [entry] });
    expect(await battleLogsOf(defender)).toEqual({ logs: [entry] });
  });

  it('a lost attack takes nothing, yet costs a charge and starts the cooldown', async () => {
    const attacker = await newRaidablePlayer(stack, 'weak');
    const defender = await newRaidablePlayer(stack, 'fort');
    await setArmy(stack, attacker, { infantry: 1 });
    await setArmy(stack, defender, { cavalries: 1000 });
    await letTimePass(stack, defender, 6 * HOUR);
    const [attackerCityBefore, defenderRowBefore] = await Promise.all([cityOf(attacker), cityRow(stack, defender)]);

    const response = await attack(attacker, defender.username);
    expect(response.status).toBe(200);
    const [battle] = await battlesOf(stack, { attacker, defender });
    expect(resolveBattle(battle.input)).toEqual(battle.outcome);
    expect(battle.outcome.winner).toBe('defender');
    expect(battle.outcome.loot).toEqual(noResources());
    expect(response.data.result).toMatchObject({ battleId: battle.id, winner: 'defender', loot: noResources() });
    expect(response.data.updatedPlayer.attacksRemaining).toBe(4);

    expect((await cityOf(attacker)).resources).toEqual(attackerCityBefore.resources);
    expect(await lootCredited(stack, attacker)).toEqual(noResources());
    // Nothing taken: the defender's production is only settled as of the battle (its upkeep changes with its losses).
    const defenderRow = await cityRow(stack, defender);
    expect(defenderRow.stored_pending).toEqual(expectedPending(defenderRowBefore, battle.foughtAt));
    expect(defenderRow.production_anchor_at).toEqual(battle.foughtAt);
    expect(defenderRow.army).toEqual(
      minus({ infantry: 0, archers: 0, cavalries: 1000 }, battle.outcome.defender.dead, battle.outcome.defender.injured),
    );
    expect((await battleLogsOf(defender)).logs).toEqual([
      expect.objectContaining({ battleId: battle.id, winner: 'defender', attacker: attacker.username }),
    ]);

    const again = await attack(attacker, defender.username);
    expect(again.status).toBe(429);
    expect(again.data.cooldownUntil).toBe(new Date(battle.foughtAt.getTime() + ENEMY_COOLDOWN_MS).toISOString());
  });

  it('refuses the same enemy for 4 hours with cooldownUntil, per attacker, then allows it again', async () => {
    const attacker = await newRaidablePlayer(stack, 'cool');
    const other = await newRaidablePlayer(stack, 'oth');
    const band = await levelAboveEveryCity(stack);
    const defender = await playerAt(band, 'targ');
    await setArmy(stack, attacker, { infantry: 100 });
    await setArmy(stack, other, { infantry: 100 });
    expect((await attack(attacker, defender.username)).status).toBe(200);
    const [battle] = await battlesOf(stack, { attacker, defender });

    await expectRefused(attacker, defender.username, [defender], 429, (data) => {
      expect(data.cooldownUntil).toBe(new Date(battle.foughtAt.getTime() + ENEMY_COOLDOWN_MS).toISOString());
      expect(data.error).toMatch(/^You attacked this player recently\. Try again in (4:00:00|3:59:[0-5]\d)\.$/);
    });
    // Another attacker is not held back by this one's cooldown.
    expect((await attack(other, defender.username)).status).toBe(200);

    // A minute before the end it still holds...
    await queryDatabase(stack.database.url, `UPDATE battles SET fought_at = fought_at - interval '3 hours 59 minutes' WHERE id = $1`, [
      battle.id,
    ]);
    const foughtAt = (await battlesOf(stack, { attacker, defender }))[0].foughtAt;
    await expectRefused(attacker, defender.username, [defender], 429, (data) => {
      expect(data.cooldownUntil).toBe(new Date(foughtAt.getTime() + ENEMY_COOLDOWN_MS).toISOString());
      expect(data.error).toMatch(/^You attacked this player recently\. Try again in 0:(01:00|00:[0-5]\d)\.$/);
    });
    // ...and once 4 hours have passed since the battle, the enemy may be attacked again.
    await queryDatabase(stack.database.url, `UPDATE battles SET fought_at = fought_at - interval '1 minute' WHERE id = $1`, [battle.id]);
    expect((await enemiesOf(attacker, 1, band)).enemies).toEqual([
      expect.objectContaining({ name: defender.username, attackCooldownUntil: null }),
    ]);
    const allowed = await attack(attacker, defender.username);
    expect(allowed.status).toBe(200);
    expect(await battlesOf(stack, { attacker, defender })).toHaveLength(2);
    expect(allowed.data.updatedPlayer.attacksRemaining).toBe(3);
  });

  it('keeps a partly regenerated charge when spending, and refuses with 429 and nextRegenInMs when none is left', async () => {
    const attacker = await newRaidablePlayer(stack, 'chg');
    const [first, second] = await Promise.all([newRaidablePlayer(stack, 'prey'), newRaidablePlayer(stack, 'prey')]);
    await setArmy(stack, attacker, { archers: 30 });

    await setCharges(stack, attacker, 2, 90 * MINUTE);
    const anchor = (await cityRow(stack, attacker)).attack_charges_at;
    const spent = await attack(attacker, first.username);
    expect(spent.status).toBe(200);
    // 3 available (2 + 1 regenerated), one spent; the half hour towards the next one is kept.
    expect(spent.data.updatedPlayer.attacksRemaining).toBe(2);
    expect(spent.data.updatedPlayer.nextRegenInMs).toBeGreaterThan(30 * MINUTE - MINUTE);
    expect(spent.data.updatedPlayer.nextRegenInMs).toBeLessThanOrEqual(30 * MINUTE);
    const row = await cityRow(stack, attacker);
    expect(row.attack_charges).toBe(2);
    expect(row.attack_charges_at.getTime()).toBe(anchor.getTime() + HOUR);

    await setCharges(stack, attacker, 0, 10 * MINUTE);
    await expectRefused(attacker, second.username, [second], 429, (data) => {
      expect(data.error).toMatch(/^No attacks remaining\. Next attack in 0:(50:00|49:[0-5]\d)\.$/);
      expect(data.nextRegenInMs).toBeGreaterThan(50 * MINUTE - MINUTE);
      expect(data.nextRegenInMs).toBeLessThanOrEqual(50 * MINUTE);
    });
    expect(await armyStatsOf(attacker)).toMatchObject({ attacksRemaining: 0, cooldownActive: true });
  });

  it('refuses without an army (injured troops do not fight), yourself, an ally and an unknown enemy, changing nothing', async () => {
    const attacker = await newRaidablePlayer(stack, 'ref');
    const enemy = await newRaidablePlayer(stack, 'enm');
    const ally = await newRaidablePlayer(stack, 'frnd');
    await injure(stack, attacker, { infantry: 50 });
    await expectRefused(attacker, enemy.username, [enemy], 400, { error: AttackMessages.noArmy });
    expect(AttackMessages.noArmy).toBe('You need an army to attack! Train some troops first.');

    await setArmy(stack, attacker, { infantry: 50 });
    await expectRefused(attacker, attacker.username, [], 400, { error: AttackMessages.cannotAttackSelf });
    const ghost = uniqueUsername('gho');
    await expectRefused(attacker, ghost, [], 404, { error: AttackMessages.enemyNotFound });

    await joinSameAlliance(stack, [ally, attacker]);
    await expectRefused(attacker, ally.username, [ally], 400, { error: AttackMessages.cannotAttackAlly });
    await expectRefused(ally, attacker.username, [attacker], 400, { error: AttackMessages.cannotAttackAlly });

    // The same attacker can still attack someone outside the alliance.
    expect((await attack(attacker, enemy.username)).status).toBe(200);
  });
});

describe('preview', () => {
  const preview = (player: CityPlayer, enemy: string) =>
    player.api.get<AttackPreviewResponse & { error?: string }>(ApiRoutes.attackPreview(player.username, enemy));

  it("gives the battle's own figures before an attack, and changes nothing: powers with every bonus, the chance over the luck range, the battle at even luck", async () => {
    const attacker = await newRaidablePlayer(stack, 'prv');
    const enemy = await newRaidablePlayer(stack, 'prvd');
    await setArmy(stack, attacker, { infantry: 60 });
    await setArmy(stack, enemy, { infantry: 50 });
    await letTimePass(stack, enemy, 2 * HOUR);
    const before = await attackSnapshot(stack, attacker, enemy);
    const { status, data } = await preview(attacker, enemy.username);
    expect(status).toBe(200);
    expect(await attackSnapshot(stack, attacker, enemy)).toEqual(before);

    // The rules' preview of the same armies: 600 against 500 x 1.10 at home.
    const rules = previewBattle({
      attacker: { troops: { infantry: 60, archers: 0, cavalries: 0 }, bonuses: NO_COMMANDER_BONUSES },
      defender: { troops: { infantry: 50, archers: 0, cavalries: 0 }, bonuses: NO_COMMANDER_BONUSES, pending: noResources() },
      lootPercent: 100,
      lootLostPercent: RAIDS.lootLostPercent,
    });
    expect(data).toMatchObject({
      attackerPower: 0.6,
      defenderPower: 0.55,
      defenderAdvantagePercent: 10,
      attackerBonuses: NO_BONUSES,
      defenderBonuses: NO_BONUSES,
      winChance: Math.round(rules.winChance * 1000) / 1000,
      expectedWinner: 'attacker',
      expectedLosses: { dead: troopsDto(rules.expected.attacker.dead), injured: troopsDto(rules.expected.attacker.injured) },
      expectedEnemyLosses: { dead: troopsDto(rules.expected.defender.dead), injured: troopsDto(rules.expected.defender.injured) },
      lootPercent: 100,
    });
    expect(data.winChance).toBeGreaterThan(0.5);
    expect(data.winChance).toBeLessThan(1);
    // Two hours of the enemy's production, 30% of it taken; of that 80% reaches home and 20% is lost on the way.
    expect(data.expectedLoot.wheat).toBeGreaterThan(0);
    for (const resource of RESOURCE_KEYS) {
      const taken = thousandths(data.expectedLoot[resource]) + thousandths(data.lostOnTheWayHome[resource]);
      expect(thousandths(data.expectedLoot[resource])).toBe(lootBroughtHome(taken));
    }
  });

  it("is refused for yourself, an ally, an unknown enemy and in another player's name", async () => {
    const player = await newRaidablePlayer(stack, 'prvr');
    const ally = await newRaidablePlayer(stack, 'prva');
    const other = await newRaidablePlayer(stack, 'prvo');
    await joinSameAlliance(stack, [player, ally]);
    expect((await preview(player, player.username)).data.error).toBe(AttackMessages.cannotAttackSelf);
    expect((await preview(player, ally.username)).data.error).toBe(AttackMessages.cannotAttackAlly);
    expect((await preview(player, uniqueUsername('prvg'))).status).toBe(404);
    const foreign = await player.api.get(ApiRoutes.attackPreview(other.username, ally.username));
    expect(foreign.status).toBe(403);
  });
});

describe('ownership and bad input', () => {
  let alice: CityPlayer;
  let bob: CityPlayer;
  let carol: CityPlayer;
  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([
      newRaidablePlayer(stack, 'ali'),
      newRaidablePlayer(stack, 'bob'),
      newRaidablePlayer(stack, 'car'),
    ]);
    // Armies everywhere, so a call that got through would fight a battle.
    await Promise.all([alice, bob, carol].map((player) => setArmy(stack, player, { infantry: 100 })));
  });

  type Call = { method: 'get' | 'post'; route: string; path: (user: string, enemy: string) => string };
  const CALLS: Call[] = [
    { method: 'get', route: 'GET /api/attack/{user}', path: (user) => ApiRoutes.armyStats(user) },
    { method: 'get', route: 'GET /api/attack/enemies/{user}', path: (user) => ApiRoutes.enemies(user, 1, 0) },
    { method: 'get', route: 'GET /api/attack/battle-logs/{user}', path: (user) => ApiRoutes.battleLogs(user) },
    { method: 'post', route: 'POST /api/attack/{user}/{enemy}', path: (user, enemy) => ApiRoutes.attack(user, enemy) },
  ];

  it.each(CALLS)("gives 403 for another player's name on $route", async ({ method, path }) => {
    const before = await attackSnapshot(stack, alice, bob, carol);
    const response =
      method === 'get' ? await alice.api.get(path(bob.username, carol.username)) : await alice.api.post(path(bob.username, carol.username));
    expect(response.status).toBe(403);
    expect(typeof response.data.error).toBe('string');
    expect(await attackSnapshot(stack, alice, bob, carol)).toEqual(before);
  });

  it("gives 403 for attacking in another player's name even when the enemy is the caller", async () => {
    const before = await attackSnapshot(stack, alice, bob);
    expect((await alice.api.post(ApiRoutes.attack(bob.username, alice.username))).status).toBe(403);
    expect(await attackSnapshot(stack, alice, bob)).toEqual(before);
  });

  it.each(CALLS)('gives 401 without a session or with an unknown token on $route', async ({ method, path }) => {
    const before = await attackSnapshot(stack, alice, carol);
    for (const api of [apiClient(stack.apiUrl), apiClient(stack.apiUrl, 'x'.repeat(43))]) {
      const response =
        method === 'get' ? await api.get(path(alice.username, carol.username)) : await api.post(path(alice.username, carol.username));
      expect(response.status).toBe(401);
    }
    expect(await attackSnapshot(stack, alice, carol)).toEqual(before);
  });

  it.each([
    ['an unknown field', () => ({ foo: 1 })],
    ['an enemy field', () => ({ enemy: carol.username })],
    ["the caller's own name", () => ({ hiveUsername: alice.username })],
    ['an empty array', () => []],
    ['an array', () => [1]],
  ])('refuses an attack body with %s', async (_name, body) => {
    const before = await attackSnapshot(stack, alice, carol);
    const response = await attack(alice, carol.username, body());
    expect(response.status).toBe(400);
    expect(typeof response.data.error).toBe('string');
    expect(await attackSnapshot(stack, alice, carol)).toEqual(before);
  });

  it.each(['ab', 'Carol', 'bad_name', 'a'.repeat(17), '1abc', 'abc-', 'a..b', 'ab c'])(
    'refuses the invalid enemy name %p',
    async (enemy) => {
      const before = await attackSnapshot(stack, alice);
      const response = await attack(alice, enemy);
      expect(response.status).toBe(400);
      expect(response.data.error).toBe('enemy: Invalid Hive username');
      expect(await attackSnapshot(stack, alice)).toEqual(before);
    },
  );

  it.each([
    ['minLevel=abc', AttackMessages.invalidMinLevel],
    ['minLevel=-1', AttackMessages.invalidMinLevel],
    ['minLevel=1.5', AttackMessages.invalidMinLevel],
    ['minLevel=1e2', AttackMessages.invalidMinLevel],
    ['minLevel=0x10', AttackMessages.invalidMinLevel],
    ['minLevel=99999999999', AttackMessages.invalidMinLevel],
    ['minLevel=1&minLevel=2', undefined],
    ['page=0', AttackMessages.invalidPage],
    ['page=-1', AttackMessages.invalidPage],
    ['page=abc', AttackMessages.invalidPage],
    ['page=1.5', AttackMessages.invalidPage],
    ['page=1&sort=name', undefined],
    ['hiveUsername=placeholder', undefined],
  ])('refuses the enemies query %s', async (query, message) => {
    const response = await alice.api.get(`/api/attack/enemies/${alice.username}?${query.replace('placeholder', alice.username)}`);
    expect(response.status).toBe(400);
    if (message) expect(response.data).toEqual({ error: message });
    else expect(typeof response.data.error).toBe('string');
  });

  it.each([
    ['army stats', (user: string) => `${ApiRoutes.armyStats(user)}?page=1`],
    ['battle logs', (user: string) => `${ApiRoutes.battleLogs(user)}?limit=1000`],
  ])('refuses unknown query parameters on %s', async (_name, path) => {
    const response = await alice.api.get(path(alice.username));
    expect(response.status).toBe(400);
    expect(typeof response.data.error).toBe('string');
  });

  it('refuses unknown query parameters on an attack, changing nothing', async () => {
    const before = await attackSnapshot(stack, alice, carol);
    const response = await alice.api.post(`${ApiRoutes.attack(alice.username, carol.username)}?seed=1`);
    expect(response.status).toBe(400);
    expect(await attackSnapshot(stack, alice, carol)).toEqual(before);
  });

  it('accepts an attack with no body at all, as with an empty object', async () => {
    const response = await alice.api.post(ApiRoutes.attack(alice.username, carol.username));
    expect(response.status).toBe(200);
    expect(response.data.result.defender.name).toBe(carol.username);
  });
});
