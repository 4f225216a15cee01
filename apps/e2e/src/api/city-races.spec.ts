import { CONVERSION_RATES, CONVERSION_TAX_PERCENT, noResources } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { cityOf, grant, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const fireAtOnce = <T>(times: number, call: () => Promise<T>) => Promise.all(Array.from({ length: times }, call));

async function systemBalance(code: string, asset: string): Promise<number> {
  const rows = await queryDatabase<{ amount: string }>(
    stack.database.url,
    `SELECT b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.code = $1 AND b.asset = $2`,
    [code, asset],
  );
  return rows.length ? Number(rows[0].amount) : 0;
}

describe('money races', () => {
  it('30 simultaneous harvests harvest once', async () => {
    const player = await newCityPlayer(stack);
    const responses = await fireAtOnce(30, () => player.api.post(`/api/city/harvest/${player.username}`));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(29);
    const harvests = await queryDatabase(
      stack.database.url,
      `SELECT DISTINCT posting_id FROM ledger_entries WHERE reason = 'harvest' AND reference = $1`,
      [`player:${player.playerId}`],
    );
    expect(harvests.length).toBeLessThanOrEqual(1);
  });

  it('30 simultaneous upgrades with RUNIK for one upgrade once', async () => {
    const player = await newCityPlayer(stack);
    await grant(stack, player, 'runik', 1_000);
    const responses = await fireAtOnce(30, () => player.api.post(`/api/city/upgrade/${player.username}/ch`));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 400).map((r) => r.data.error)).toEqual(
      Array(29).fill('Not enough RUNIK. Required: 4.000, Available: 0.000'),
    );
    const city = await cityOf(player);
    expect(city.chLevel).toBe(2);
    expect(city.resources.runik).toBe(0);
  });

  it('30 simultaneous conversions of the whole stock: never negative, RUNIK at the rate, tax to the tax account', async () => {
    const player = await newCityPlayer(stack);
    const taxBefore = await systemBalance('system:tax', 'runik');
    const responses = await fireAtOnce(30, () =>
      player.api.post(`/api/city/convert/${player.username}`, { selectedResources: ['wheat', 'lumber', 'stone', 'ore'], amount: 1000 }),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const city = await cityOf(player);
    expect(city.resources).toMatchObject(noResources());
    // 1000 of each at 200, 160, 130 and 100 per RUNIK.
    const grossMillionths = (['wheat', 'lumber', 'stone', 'ore'] as const).reduce(
      (sum, r) => sum + Math.floor((1_000_000 * 1000) / CONVERSION_RATES[r]),
      0,
    );
    const net = Math.floor((grossMillionths * (100 - CONVERSION_TAX_PERCENT)) / 100 / 1000);
    expect(city.resources.runik * 1000).toBe(net);
    expect((await systemBalance('system:tax', 'runik')) - taxBefore).toBe(Math.floor(grossMillionths / 1000) - net);
  });

  it('keeps every asset conserved across all accounts after concurrent play', async () => {
    const players = await Promise.all([newCityPlayer(stack), newCityPlayer(stack), newCityPlayer(stack)]);
    await Promise.all(
      players.flatMap((player) => [
        player.api.post(`/api/city/harvest/${player.username}`),
        player.api.post(`/api/city/convert/${player.username}`, { selectedResources: ['wheat'], amount: 400 }),
        player.api.post(`/api/city/train/${player.username}`, { building: 'quarters', count: 7 }),
        player.api.post(`/api/city/convert/${player.username}`, { selectedResources: ['lumber', 'stone'], amount: 300 }),
      ]),
    );
    const totals = await queryDatabase<{ asset: string; total: string }>(
      stack.database.url,
      `SELECT asset, sum(amount) AS total FROM balances GROUP BY asset`,
    );
    for (const { total } of totals) expect(Number(total)).toBe(0);
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT b.* FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
    expect((await apiClient(stack.apiUrl).get('/api/health')).status).toBe(200);
  });
});
