import {
  AttackMessages,
  ApiRoutes,
  ErrorMessages,
  PracticeCampMessages,
  type PracticeCampResponse,
  type PracticeRaidResponse,
} from '@runik/contract';
import { ENEMY_COOLDOWN_MS, gameDay, PRACTICE_CAMP, RESOURCE_KEYS } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { attackSnapshot, cityRow, setArmy, setCharges, thousandths } from '../support/attack';
import { newCityPlayer, type CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

/** The practice camp over HTTP (issue 35; docs/combat.md, "The practice camp"). */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const raid = (player: CityPlayer, body: unknown = {}) =>
  player.api.post<PracticeRaidResponse & { error?: string; cooldownUntil?: string }>(ApiRoutes.practiceCampRaid(player.username), body);

async function campOf(player: CityPlayer): Promise<PracticeCampResponse> {
  const { status, data } = await player.api.get<PracticeCampResponse>(ApiRoutes.practiceCamp(player.username));
  expect(status).toBe(200);
  return data;
}

/** The ledger's movements for the player, by reason and asset. */
async function ledgerOf(player: CityPlayer): Promise<Record<string, number>> {
  const rows = await queryDatabase<{ reason: string; asset: string; total: string }>(
    stack.database.url,
    `SELECT e.reason, e.asset, sum(e.delta) AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.player_id = $1 GROUP BY e.reason, e.asset`,
    [player.playerId],
  );
  return Object.fromEntries(rows.map((row) => [`${row.reason}:${row.asset}`, Number(row.total)]));
}

/** Moves the player's practice raids into the past, as if `ms` had gone by. */
const raidsAgo = (player: CityPlayer, ms: number) =>
  queryDatabase(stack.database.url, `UPDATE practice_raids SET fought_at = fought_at - $2::interval WHERE player_id = $1`, [
    player.playerId,
    `${ms} milliseconds`,
  ]);

describe('the practice camp', () => {
  it('faces the player with a scaled army, fights back, and pays a few resources from its daily store, never RUNIK', async () => {
    const player = await newCityPlayer(stack, 'camp');
    await setArmy(stack, player, { infantry: 20 });
    const full = PRACTICE_CAMP.dailyStore;
    expect(await campOf(player)).toMatchObject({
      infantry: 12,
      archers: 0,
      cavalry: 0,
      armyPower: 0.12,
      cooldownUntil: null,
      store: { wheat: full, lumber: full, stone: full, ore: full },
    });

    const { status, data } = await raid(player);
    expect(status).toBe(200);
    expect(data.result).toMatchObject({
      winner: 'attacker',
      attacker: { name: player.username },
      defender: { name: PracticeCampMessages.name },
    });
    // 30% of the store is taken, 80% of it brought home.
    for (const resource of RESOURCE_KEYS) expect([data.result.loot[resource], data.result.lootLost[resource]]).toEqual([72, 18]);
    const lost = data.result.attacker.dead.infantry + data.result.attacker.injured.infantry;
    expect(data.updatedPlayer).toMatchObject({ infantry: 20 - lost, attacksRemaining: 4 });
    expect(data.camp.store.wheat).toBe(full - 90);
    expect(data.camp.cooldownUntil).not.toBeNull();
    expect(await campOf(player)).toEqual(data.camp);

    const ledger = await ledgerOf(player);
    expect(
      Object.keys(ledger)
        .filter((key) => key.startsWith('practice-loot'))
        .sort(),
    ).toEqual(RESOURCE_KEYS.map((resource) => `practice-loot:${resource}`).sort());
    for (const resource of RESOURCE_KEYS) expect(ledger[`practice-loot:${resource}`]).toBe(thousandths(72));
    expect(ledger['practice-loot:runik']).toBeUndefined();
    expect((await cityRow(stack, player)).army.infantry).toBe(20 - lost);
  });

  it('is bounded by its store over the game day: each raid takes 30% of what is left, and it refills the next day', async () => {
    const player = await newCityPlayer(stack, 'campday');
    await setArmy(stack, player, { infantry: 40 });
    expect((await raid(player)).status).toBe(200);
    await raidsAgo(player, ENEMY_COOLDOWN_MS);
    const second = await raid(player);
    expect(second.status).toBe(200);
    // Moved back 4 hours, the first raid may now fall on the game day before: then it no longer counts.
    const [{ fought_at }] = await queryDatabase<{ fought_at: Date }>(
      stack.database.url,
      'SELECT min(fought_at) AS fought_at FROM practice_raids WHERE player_id = $1',
      [player.playerId],
    );
    const firstCounts = fought_at >= gameDay(Date.now()).start;
    // 300 - 90 left after the first; the second takes 30% of that (63) and brings 80% home.
    const left = firstCounts ? 300 - 90 - 63 : 300 - 90;
    expect(second.data.result.loot.wheat).toBe(firstCounts ? Math.floor(63 * 0.8 * 1000) / 1000 : 72);
    expect(second.data.camp.store.wheat).toBe(left);
    // A day later the store is full again.
    await raidsAgo(player, 24 * 60 * 60 * 1000);
    expect((await campOf(player)).store.wheat).toBe(PRACTICE_CAMP.dailyStore);
  });

  it('refuses a raid while cooling down (429 with cooldownUntil), without troops (400) or charges (429), changing nothing', async () => {
    const player = await newCityPlayer(stack, 'campno');
    const unchanged = async (call: () => Promise<{ status: number; data: { error?: string } }>, status: number, error: string) => {
      const before = await attackSnapshot(stack, player);
      const response = await call();
      expect([response.status, response.data.error]).toEqual([status, error]);
      expect(await attackSnapshot(stack, player)).toEqual(before);
      return response;
    };
    await unchanged(() => raid(player), 400, AttackMessages.noArmy);
    await setArmy(stack, player, { infantry: 10 });
    await setCharges(stack, player, 0);
    const noCharges = await raid(player);
    expect(noCharges.status).toBe(429);
    expect(noCharges.data.error).toMatch(/^No attacks remaining/);
    await setCharges(stack, player, 5);
    expect((await raid(player)).status).toBe(200);
    const cooling = await raid(player);
    expect(cooling.status).toBe(429);
    expect(cooling.data.error).toMatch(/^You raided the practice camp recently/);
    expect(Date.parse(String(cooling.data.cooldownUntil))).toBeGreaterThan(Date.now() + ENEMY_COOLDOWN_MS - 60_000);
    const count = await queryDatabase<{ count: string }>(stack.database.url, 'SELECT count(*) FROM practice_raids WHERE player_id = $1', [
      player.playerId,
    ]);
    expect(Number(count[0].count)).toBe(1);
  });

  it('fights one battle when twenty raids arrive at once', async () => {
    const player = await newCityPlayer(stack, 'camprace');
    await setArmy(stack, player, { infantry: 30 });
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => raid(player)))).map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(429)]);
    const ledger = await ledgerOf(player);
    expect(ledger['practice-loot:wheat']).toBe(thousandths(72));
    expect((await cityRow(stack, player)).attack_charges).toBe(4);
  });

  it('refuses another player’s camp (403), no session (401) and bad input (400)', async () => {
    const [player, other] = [await newCityPlayer(stack, 'campown'), await newCityPlayer(stack, 'campoth')];
    await setArmy(stack, other, { infantry: 10 });
    expect((await player.api.get(ApiRoutes.practiceCamp(other.username))).data).toEqual({ error: ErrorMessages.notYourAccount });
    const refused = await player.api.post(ApiRoutes.practiceCampRaid(other.username), {});
    expect([refused.status, refused.data.error]).toEqual([403, ErrorMessages.notYourAccount]);
    const anonymous = await apiClient(stack.apiUrl).post(ApiRoutes.practiceCampRaid(player.username), {});
    expect([anonymous.status, anonymous.data.error]).toEqual([401, ErrorMessages.sessionRequired]);
    await setArmy(stack, player, { infantry: 10 });
    const bad = await raid(player, { troops: 10 });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toEqual(expect.any(String));
    expect(
      await queryDatabase(stack.database.url, 'SELECT * FROM practice_raids WHERE player_id IN ($1, $2)', [
        player.playerId,
        other.playerId,
      ]),
    ).toEqual([]);
  });
});
