import { AttackMessages } from '@runik/contract';
import { lootBroughtHome, noResources, RAIDS, RESOURCE_KEYS, ResourceAmounts, resolveBattle } from '@runik/rules';
import {
  attack,
  attackSnapshot,
  battlesOf,
  cityRow,
  enemiesOf,
  levelAboveEveryCity,
  lootCredited,
  newRaidablePlayer,
  pastNewcomerShield,
  setArmy,
} from '../support/attack';
import { CityPlayer, letTimePass, newCityPlayer, newPaidCityPlayer, setCityHallLevel } from '../support/city';
import { queryDatabase } from '../support/database';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;

/** A refused raid: 403 with this body, and nothing changed anywhere. */
async function expectShielded(attacker: CityPlayer, defender: CityPlayer, body: Record<string, unknown>): Promise<void> {
  const before = await attackSnapshot(stack, attacker, defender);
  const response = await attack(attacker, defender.username);
  expect(response.status).toBe(403);
  expect(response.data).toEqual(body);
  expect(await attackSnapshot(stack, attacker, defender)).toEqual(before);
}

describe('raid shields', () => {
  it('free cities are shielded from paid raiders, so a paid main gains nothing from free alts; free raiders may still raid anyone', async () => {
    const band = await levelAboveEveryCity(stack);
    const [main, alt] = await Promise.all([newPaidCityPlayer(stack, 'main'), newCityPlayer(stack, 'alt')]);
    await pastNewcomerShield(stack, main, alt);
    // The measured farm: alts at the main's City Hall, with no army and a day's production waiting.
    await Promise.all([setCityHallLevel(stack, main, band + 4), setCityHallLevel(stack, alt, band + 4)]);
    await setArmy(stack, main, { cavalries: 500 });
    await letTimePass(stack, alt, 24 * HOUR);

    await expectShielded(main, alt, { error: AttackMessages.freeShield });
    expect((await enemiesOf(main, 1, band)).enemies).toEqual([
      expect.objectContaining({ name: alt.username, shield: 'free', shieldEndsAt: null, lootPercent: 0 }),
    ]);
    expect(await lootCredited(stack, main)).toEqual(noResources());

    // The other way round the raid is open: a free player stays part of the game.
    await setArmy(stack, alt, { cavalries: 500 });
    expect((await enemiesOf(alt, 1, band)).enemies).toEqual([
      expect.objectContaining({ name: main.username, shield: null, lootPercent: 100 }),
    ]);
    expect((await attack(alt, main.username)).status).toBe(200);
  });

  it('a new city is shielded for 48 hours after registration, until its owner raids someone', async () => {
    const band = await levelAboveEveryCity(stack);
    const [raider, newcomer, target] = await Promise.all([
      newRaidablePlayer(stack, 'vet'),
      newCityPlayer(stack, 'newb'),
      newRaidablePlayer(stack, 'targ'),
    ]);
    await Promise.all([raider, newcomer, target].map((player) => setCityHallLevel(stack, player, band)));
    await Promise.all([setArmy(stack, raider, { cavalries: 500 }), setArmy(stack, newcomer, { cavalries: 500 })]);
    const [{ created_at: registeredAt }] = await queryDatabase<{ created_at: Date }>(
      stack.database.url,
      'SELECT created_at FROM players WHERE id = $1',
      [newcomer.playerId],
    );
    const shieldEndsAt = new Date(registeredAt.getTime() + RAIDS.newcomerShieldMs).toISOString();

    const before = await attackSnapshot(stack, raider, newcomer);
    const refused = await attack(raider, newcomer.username);
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({
      error: expect.stringMatching(/^This city is under a newcomer shield\. Try again in (48:00:00|47:5\d:[0-5]\d)\.$/),
      shieldEndsAt,
    });
    expect(await attackSnapshot(stack, raider, newcomer)).toEqual(before);
    expect((await enemiesOf(raider, 1, band)).enemies).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: newcomer.username, shield: 'newcomer', shieldEndsAt, lootPercent: 0 })]),
    );

    // The newcomer may raid while shielded, and gives the shield up by doing so.
    expect((await attack(newcomer, target.username)).status).toBe(200);
    expect((await enemiesOf(raider, 1, band)).enemies).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: newcomer.username, shield: null, shieldEndsAt: null, lootPercent: 100 })]),
    );
    expect((await attack(raider, newcomer.username)).status).toBe(200);

    // Without raiding, the shield ends 48 hours after registration.
    const patient = await newCityPlayer(stack, 'newb');
    await setCityHallLevel(stack, patient, band);
    expect((await attack(raider, patient.username)).status).toBe(403);
    await queryDatabase(stack.database.url, `UPDATE players SET created_at = created_at - $2::interval WHERE id = $1`, [
      patient.playerId,
      `${RAIDS.newcomerShieldMs - 60_000} milliseconds`,
    ]);
    expect((await attack(raider, patient.username)).status).toBe(403);
    await queryDatabase(stack.database.url, `UPDATE players SET created_at = created_at - interval '1 minute' WHERE id = $1`, [
      patient.playerId,
    ]);
    expect((await attack(raider, patient.username)).status).toBe(200);
  });
});

describe('City Hall band', () => {
  it('takes the full share down to 2 levels below, 25% less per level further, and refuses more than 5 below', async () => {
    const band = await levelAboveEveryCity(stack);
    const raider = await newRaidablePlayer(stack, 'band');
    await setCityHallLevel(stack, raider, band + 10);
    await setArmy(stack, raider, { cavalries: 2_000 });
    const targets = new Map<number, CityPlayer>();
    for (const level of [12, 8, 7, 5, 4]) {
      const target = await newRaidablePlayer(stack, 'low');
      await setCityHallLevel(stack, target, band + level);
      await letTimePass(stack, target, 6 * HOUR);
      targets.set(level, target);
    }

    const listed = new Map((await enemiesOf(raider, 1, band)).enemies.map((enemy) => [enemy.name, enemy]));
    const expected: [number, number, 'out-of-band' | null][] = [
      [12, 100, null],
      [8, 100, null],
      [7, 75, null],
      [5, 25, null],
      [4, 0, 'out-of-band'],
    ];
    for (const [level, lootPercent, shield] of expected) {
      expect(listed.get(targets.get(level)!.username)).toMatchObject({ chLevel: band + level, lootPercent, shield });
    }

    await expectShielded(raider, targets.get(4)!, { error: AttackMessages.outOfBand(5) });
    expect(AttackMessages.outOfBand(5)).toBe("This city's City Hall is more than 5 levels below yours: it is not worth a raid.");

    for (const [level, lootPercent] of [
      [8, 100],
      [7, 75],
      [5, 25],
    ]) {
      const defender = targets.get(level)!;
      expect((await attack(raider, defender.username)).status).toBe(200);
      const [battle] = await battlesOf(stack, { attacker: raider, defender });
      expect(battle.input.lootPercent).toBe(lootPercent);
      expect(resolveBattle(battle.input)).toEqual(battle.outcome);
      expect(battle.outcome.winner).toBe('attacker');
      // The share of each pending resource: 30% × the band's percent (the cavalry carries it all).
      for (const resource of RESOURCE_KEYS) {
        const taken = Math.floor((battle.input.defender.pending[resource] * 0.3 * lootPercent) / 100);
        expect(battle.outcome.loot[resource] + battle.outcome.lootLost[resource]).toBe(taken);
      }
    }
  });
});

describe('loot lost on the way home', () => {
  it('takes the whole haul from the defender, mints only the 80% brought home, and every asset stays conserved', async () => {
    const [attacker, defender] = await Promise.all([newRaidablePlayer(stack, 'haul'), newRaidablePlayer(stack, 'hauled')]);
    await setArmy(stack, attacker, { cavalries: 1_000 });
    await letTimePass(stack, defender, 10 * HOUR);

    const response = await attack(attacker, defender.username);
    expect(response.status).toBe(200);
    const [battle] = await battlesOf(stack, { attacker, defender });
    const { input, outcome } = battle;
    const total = (amounts: ResourceAmounts) => RESOURCE_KEYS.reduce((sum, resource) => sum + amounts[resource], 0);
    expect(total(outcome.lootLost)).toBeGreaterThan(0);
    for (const resource of RESOURCE_KEYS) {
      expect(outcome.loot[resource]).toBe(lootBroughtHome(outcome.loot[resource] + outcome.lootLost[resource]));
      expect(response.data.result.lootLost[resource]).toBe(outcome.lootLost[resource] / 1000);
    }

    // The defender lost both parts; the attacker's ledger received the loot only.
    const defenderRow = await cityRow(stack, defender);
    expect(defenderRow.stored_pending).toEqual(
      Object.fromEntries(
        RESOURCE_KEYS.map((resource) => [resource, input.defender.pending[resource] - outcome.loot[resource] - outcome.lootLost[resource]]),
      ),
    );
    expect(await lootCredited(stack, attacker)).toEqual(outcome.loot);
    const [{ minted }] = await queryDatabase<{ minted: string }>(
      stack.database.url,
      `SELECT coalesce(sum(e.delta), 0) AS minted FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.player_id IS NULL AND e.reason = 'attack-loot' AND e.reference = $1`,
      [`player:${attacker.playerId}`],
    );
    expect(-Number(minted)).toBe(total(outcome.loot));

    const sums = await queryDatabase<{ asset: string; total: string }>(
      stack.database.url,
      'SELECT asset, sum(amount) AS total FROM balances GROUP BY asset',
    );
    for (const { total: sum } of sums) expect(Number(sum)).toBe(0);
  });
});
