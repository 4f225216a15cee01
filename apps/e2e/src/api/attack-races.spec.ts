import {
  BUILDING_KEYS,
  cityProductionPerHour,
  ENEMY_COOLDOWN_MS,
  noResources,
  pendingResources,
  recordOf,
  RESOURCE_KEYS,
  ResourceAmounts,
  ResourceKey,
  resolveBattle,
  STARTING_BUILDING_LEVEL,
  Troops,
  UNIT_KEYS,
} from '@runik/rules';
import { apiClient } from '../support/api-client';
import { attack, battlesOf, BattleRow, cityRow, lootCredited, newRaidablePlayer, setArmy, setCharges } from '../support/attack';
import { letTimePass, setCityHallLevel } from '../support/city';
import { queryDatabase } from '../support/database';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;
const NO_RESOURCES = noResources();

const fireAtOnce = <T>(times: number, call: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: times }, (_, index) => call(index)));
const newPlayers = (count: number, prefix: string) => Promise.all(Array.from({ length: count }, () => newRaidablePlayer(stack, prefix)));

const minus = (army: Troops, ...losses: Troops[]): Troops => {
  const left = { ...army };
  for (const loss of losses) for (const unit of UNIT_KEYS) left[unit] -= loss[unit];
  return left;
};
const sumResources = (amounts: ResourceAmounts[]): ResourceAmounts => {
  const total = { ...NO_RESOURCES };
  for (const amount of amounts) for (const resource of RESOURCE_KEYS) total[resource] += amount[resource];
  return total;
};

/** The production a city row earns per hour of each resource, thousandths. */
function ratesOf(row: Awaited<ReturnType<typeof cityRow>>) {
  const levels = recordOf(BUILDING_KEYS, (key) => row.building_levels[key] ?? STARTING_BUILDING_LEVEL);
  const city = { chLevel: row.ch_level, levels, gearBonuses: { ...NO_RESOURCES } };
  return { city, perHour: recordOf(RESOURCE_KEYS, (r) => cityProductionPerHour(r, city)) };
}

/**
 * Battles on one defender, in the order they held its lock: each one saw exactly what the
 * previous left (its pending minus what was taken, grown by production less upkeep since; its army minus its losses).
 */
function expectChained(battles: BattleRow[], city: ReturnType<typeof ratesOf>['city']): void {
  for (let i = 1; i < battles.length; i++) {
    const previous = battles[i - 1];
    const left = recordOf(
      RESOURCE_KEYS,
      (r) => previous.input.defender.pending[r] - previous.outcome.loot[r] - previous.outcome.lootLost[r],
    );
    const army = battles[i].input.defender.troops;
    expect(battles[i].input.defender.pending).toEqual(
      pendingResources({ ...city, army, storedPending: left, anchorMs: previous.foughtAt.getTime() }, battles[i].foughtAt.getTime()),
    );
    expect(battles[i].input.defender.troops).toEqual(
      minus(previous.input.defender.troops, previous.outcome.defender.dead, previous.outcome.defender.injured),
    );
  }
}

describe('attack races', () => {
  it('30 simultaneous attacks on 30 enemies with one charge left fight one battle', async () => {
    const attacker = await newRaidablePlayer(stack, 'one');
    const enemies = await newPlayers(30, 'vic');
    await setArmy(stack, attacker, { infantry: 100 });
    await setCharges(stack, attacker, 1);

    const responses = await fireAtOnce(30, (i) => attack(attacker, enemies[i].username));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(29);
    for (const { data } of refused) {
      expect(data.error).toMatch(/^No attacks remaining\. Next attack in (1:00:00|0:59:[0-5]\d)\.$/);
      expect(data.nextRegenInMs).toBeGreaterThan(0);
    }

    const battles = await battlesOf(stack, { attacker });
    expect(battles).toHaveLength(1);
    const [winner] = responses.filter((r) => r.status === 200);
    expect(winner.data.result.battleId).toBe(battles[0].id);
    expect(winner.data.updatedPlayer).toMatchObject({ attacksRemaining: 0, cooldownActive: true });
    const row = await cityRow(stack, attacker);
    expect(row.attack_charges).toBe(0);
    expect(row.army).toEqual(
      minus({ infantry: 100, archers: 0, cavalries: 0 }, battles[0].outcome.attacker.dead, battles[0].outcome.attacker.injured),
    );
    expect(await lootCredited(stack, attacker)).toEqual(battles[0].outcome.loot);
  });

  it('30 simultaneous attacks on one enemy fight one battle; the rest get cooldownUntil', async () => {
    const attacker = await newRaidablePlayer(stack, 'ham');
    const defender = await newRaidablePlayer(stack, 'anv');
    await setArmy(stack, attacker, { cavalries: 50 });
    await letTimePass(stack, defender, 6 * HOUR);

    const responses = await fireAtOnce(30, () => attack(attacker, defender.username));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const battles = await battlesOf(stack, { attacker, defender });
    expect(battles).toHaveLength(1);
    const cooldownUntil = new Date(battles[0].foughtAt.getTime() + ENEMY_COOLDOWN_MS).toISOString();
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(29);
    for (const { data } of refused) expect(data.cooldownUntil).toBe(cooldownUntil);
    expect((await cityRow(stack, attacker)).attack_charges).toBe(4);
    expect(await lootCredited(stack, attacker)).toEqual(battles[0].outcome.loot);
  });

  it('attackers hitting one defender at once share its pending production: loot is taken once, never beyond what existed', async () => {
    const defender = await newRaidablePlayer(stack, 'gran');
    const attackers = await newPlayers(6, 'hord');
    await setCityHallLevel(stack, defender, 50);
    await setArmy(stack, defender, { infantry: 3 });
    await letTimePass(stack, defender, 48 * HOUR);
    await Promise.all(attackers.map((attacker) => setArmy(stack, attacker, { cavalries: 500 })));
    const { city, perHour } = ratesOf(await cityRow(stack, defender));
    // 48 hours is beyond the 12-hour cap: the pending production is exactly the cap.
    const pendingBefore = recordOf(RESOURCE_KEYS, (r) => perHour[r] * 12);

    const started = Date.now();
    // Each attacker fires three times: one of its attacks fights, the others meet the cooldown.
    const responses = await fireAtOnce(18, (i) => attack(attackers[i % 6], defender.username));
    const elapsed = Date.now() - started;
    expect(responses.filter((r) => r.status === 200)).toHaveLength(6);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(12);

    const battles = await battlesOf(stack, { defender });
    expect(battles).toHaveLength(6);
    expect(new Set(battles.map((battle) => battle.attackerId))).toEqual(new Set(attackers.map((attacker) => attacker.playerId)));
    for (const battle of battles) {
      expect(resolveBattle(battle.input)).toEqual(battle.outcome);
      expect(battle.outcome.winner).toBe('attacker');
    }
    expect(battles[0].input.defender.pending).toEqual(pendingBefore);
    expectChained(battles, city);

    // The defender's pending is what the last battle left; its army what the battles left.
    const last = battles[battles.length - 1];
    const defenderRow = await cityRow(stack, defender);
    expect(defenderRow.stored_pending).toEqual(
      Object.fromEntries(RESOURCE_KEYS.map((r) => [r, last.input.defender.pending[r] - last.outcome.loot[r] - last.outcome.lootLost[r]])),
    );
    expect(defenderRow.production_anchor_at).toEqual(last.foughtAt);
    expect(defenderRow.army).toEqual(minus(last.input.defender.troops, last.outcome.defender.dead, last.outcome.defender.injured));

    // Every attacker was credited its own battle's loot, and nothing else.
    const credited = await Promise.all(attackers.map((attacker) => lootCredited(stack, attacker)));
    for (const [i, attacker] of attackers.entries()) {
      const [battle] = battles.filter((candidate) => candidate.attackerId === attacker.playerId);
      expect(credited[i]).toEqual(battle.outcome.loot);
      expect((await cityRow(stack, attacker)).army).toEqual(
        minus(battle.input.attacker.troops, battle.outcome.attacker.dead, battle.outcome.attacker.injured),
      );
    }
    const totalLoot = sumResources(battles.map((battle) => battle.outcome.loot));
    const totalLost = sumResources(battles.map((battle) => battle.outcome.lootLost));
    expect(sumResources(credited)).toEqual(totalLoot);
    // Taken from the pending that existed (plus the little produced during the race), never more; the part lost on the way was minted to no one.
    for (const resource of RESOURCE_KEYS) {
      const existed = pendingBefore[resource] + Math.ceil((perHour[resource] * elapsed) / HOUR);
      expect(totalLoot[resource]).toBeGreaterThan(0);
      expect(totalLost[resource]).toBeGreaterThan(0);
      expect(totalLoot[resource] + totalLost[resource] + (defenderRow.stored_pending[resource] ?? 0)).toBeLessThanOrEqual(existed);
    }
  });

  it('a harvest racing attacks on the same city: harvest and loot together never exceed the pending production', async () => {
    const defender = await newRaidablePlayer(stack, 'farm');
    const attackers = await newPlayers(5, 'raid');
    await setCityHallLevel(stack, defender, 50);
    await letTimePass(stack, defender, 48 * HOUR);
    await Promise.all(attackers.map((attacker) => setArmy(stack, attacker, { cavalries: 500 })));
    const { perHour } = ratesOf(await cityRow(stack, defender));
    const pendingBefore = recordOf(RESOURCE_KEYS, (r) => perHour[r] * 12);

    const started = Date.now();
    const responses = await Promise.all([
      ...attackers.map((attacker) => attack(attacker, defender.username)),
      ...Array.from({ length: 10 }, () => defender.api.post(`/api/city/harvest/${defender.username}`)),
    ]);
    const elapsed = Date.now() - started;
    expect(responses.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.slice(5).filter((r) => r.status === 200)).toHaveLength(1);

    const battles = await battlesOf(stack, { defender });
    expect(battles).toHaveLength(5);
    for (const battle of battles) expect(resolveBattle(battle.input)).toEqual(battle.outcome);
    const harvested = { ...NO_RESOURCES };
    for (const { asset, total } of await queryDatabase<{ asset: ResourceKey; total: string }>(
      stack.database.url,
      `SELECT e.asset, sum(e.delta) AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.player_id = $1 AND e.reason = 'harvest' GROUP BY e.asset`,
      [defender.playerId],
    )) {
      harvested[asset] = Number(total);
    }
    const totalLoot = sumResources(battles.map((battle) => battle.outcome.loot));
    expect(sumResources(await Promise.all(attackers.map((attacker) => lootCredited(stack, attacker))))).toEqual(totalLoot);
    for (const resource of RESOURCE_KEYS) {
      expect(harvested[resource]).toBeGreaterThan(0);
      expect(harvested[resource] + totalLoot[resource]).toBeLessThanOrEqual(
        pendingBefore[resource] + Math.ceil((perHour[resource] * elapsed) / HOUR),
      );
    }
  });

  it('players attacking each other at the same moment do not deadlock', async () => {
    const left = await newPlayers(10, 'west');
    const right = await newPlayers(10, 'east');
    await Promise.all([...left, ...right].map((player) => setArmy(stack, player, { infantry: 60, archers: 20, cavalries: 5 })));
    await Promise.all([...left, ...right].map((player) => letTimePass(stack, player, 3 * HOUR)));

    const responses = await Promise.all(
      left.flatMap((player, i) => [attack(player, right[i].username), attack(right[i], player.username)]),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const [i, player] of left.entries()) {
      const [there] = await battlesOf(stack, { attacker: player, defender: right[i] });
      const [back] = await battlesOf(stack, { attacker: right[i], defender: player });
      for (const battle of [there, back]) expect(resolveBattle(battle.input)).toEqual(battle.outcome);
      // Whichever went second fought the army the first one left.
      const [first, second] = there.id < back.id ? [there, back] : [back, there];
      expect(second.input.defender.troops).toEqual(
        minus(first.input.attacker.troops, first.outcome.attacker.dead, first.outcome.attacker.injured),
      );
      expect(second.input.attacker.troops).toEqual(
        minus(first.input.defender.troops, first.outcome.defender.dead, first.outcome.defender.injured),
      );
    }
  });

  it('keeps every asset conserved and no balance negative after the races', async () => {
    const totals = await queryDatabase<{ asset: string; total: string }>(
      stack.database.url,
      `SELECT asset, sum(amount) AS total FROM balances GROUP BY asset`,
    );
    expect(totals.length).toBeGreaterThan(0);
    for (const { total } of totals) expect(Number(total)).toBe(0);
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT b.* FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);

    // All loot in the ledger is exactly the loot of the stored battles.
    const battles = await battlesOf(stack, {});
    const ledgerLoot = { ...NO_RESOURCES };
    for (const { asset, total } of await queryDatabase<{ asset: ResourceKey; total: string }>(
      stack.database.url,
      `SELECT e.asset, sum(e.delta) AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.player_id IS NOT NULL AND e.reason = 'attack-loot' GROUP BY e.asset`,
    )) {
      ledgerLoot[asset] = Number(total);
    }
    expect(ledgerLoot).toEqual(sumResources(battles.map((battle) => battle.outcome.loot)));
    expect((await apiClient(stack.apiUrl).get('/api/health')).status).toBe(200);
  });
});
