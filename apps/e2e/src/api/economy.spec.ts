import axios from 'axios';
import { ApiRoutes, ErrorMessages, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import type { EconomyDay, EconomyResponse } from '@runik/contract';
import { cityOf, CityPlayer, letTimePass, newCityPlayer, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { engineBalance, sendToken } from '../support/hive';
import { freePort } from '../support/processes';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * GET /api/admin/economy: the operators' view of what the game owes (players' RUNIK), what it holds
 * (the game account's RNK) and each day's flows, checked against the ledger read with SQL and
 * against hive-sim, after real play through the api.
 */
let stack: Stack;
beforeAll(async () => (stack = await startStack({ engineDelayMs: 100 })));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;
const opsClient = (baseURL: string) => axios.create({ baseURL, auth: { username: 'admin', password: BULL_BOARD_PASSWORD }, validateStatus: () => true });
const ops = () => opsClient(stack.apiUrl);
const post = (player: CityPlayer, path: string, body?: unknown) => player.api.post(`/api/city/${path}/${player.username}`, body);
const sql = <T>(text: string, params: unknown[] = []) => queryDatabase<T>(stack.database.url, text, params);
/** Thousandths (as PostgreSQL sums them) to RUNIK. */
const runik = (thousandths: string | null) => Number(thousandths ?? 0) / 1000;

async function heldBy(activation: 'paid' | 'free'): Promise<number> {
  const [{ total }] = await sql<{ total: string | null }>(
    `SELECT sum(b.amount)::text AS total FROM balances b JOIN ledger_accounts a ON a.id = b.account_id JOIN players p ON p.id = a.player_id
      WHERE b.asset = 'runik' AND p.activation = $1`,
    [activation],
  );
  return runik(total);
}

/** A system account's RUNIK entries of one UTC day, summed by reason: debits (as positive amounts) or credits. */
async function entriesOf(code: string, date: string, side: 'debits' | 'credits'): Promise<Record<string, number>> {
  const rows = await sql<{ reason: string; total: string }>(
    `SELECT e.reason, sum(abs(e.delta))::text AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.code = $1 AND e.asset = 'runik' AND (e.created_at AT TIME ZONE 'UTC')::date = $2::date AND ${side === 'debits' ? 'e.delta < 0' : 'e.delta > 0'}
      GROUP BY e.reason`,
    [code, date],
  );
  return Object.fromEntries(rows.map((row) => [row.reason, runik(row.total)]));
}
const sum = (amounts: Record<string, number>) => Object.values(amounts).reduce((total, amount) => total + amount, 0);

async function economy(days?: number | string): Promise<EconomyResponse> {
  const response = await ops().get<EconomyResponse>(ApiRoutes.adminEconomy, { params: days === undefined ? {} : { days } });
  if (response.status !== 200) throw new Error(`economy: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** Harvests after two hours of production, then converts wheat and ore to RUNIK (minted, taxed). */
async function harvestAndConvert(player: CityPlayer): Promise<void> {
  await letTimePass(stack, player, 2 * HOUR);
  expect((await post(player, 'harvest')).status).toBe(200);
  const converted = await post(player, 'convert', { selectedResources: ['wheat', 'ore'], amount: 600 });
  expect(converted.status).toBe(200);
}

describe('the economy report', () => {
  it('is an ops route: 401 without the operators\' credentials, 400 with a message for a bad number of days', async () => {
    expect((await axios.get(`${stack.apiUrl}${ApiRoutes.adminEconomy}`, { validateStatus: () => true })).status).toBe(401);
    const wrong = await axios.get(`${stack.apiUrl}${ApiRoutes.adminEconomy}`, { auth: { username: 'admin', password: 'guess' }, validateStatus: () => true });
    expect(wrong.status).toBe(401);
    for (const days of ['0', '366', '-1', '1.5', 'abc', '', '1e9']) {
      const response = await ops().get(ApiRoutes.adminEconomy, { params: { days } });
      expect([days, response.status, response.data]).toEqual([days, 400, { error: 'days must be a whole number from 1 to 365.' }]);
    }
    expect((await ops().get(ApiRoutes.adminEconomy, { params: { day: 3 } })).status).toBe(400);
  });

  it('matches the ledger and the chain after registrations, harvests, conversions, a deposit and a withdrawal', async () => {
    const paid = await newPaidCityPlayer(stack, 'econpaid');
    const free = await newCityPlayer(stack, 'econfree');
    await harvestAndConvert(paid);
    await harvestAndConvert(free);
    // RUNIK back to resources: burned.
    expect((await post(free, 'convert-to-resources', { wheat: '40' })).status).toBe(200);

    // A deposit, credited by the chain follower.
    const before = (await cityOf(paid)).resources.runik;
    await sendToken(stack.simUrl, paid.username, GAME_ACCOUNT, 'RNK', '2.500', '');
    expect(await eventually(async () => (await cityOf(paid)).resources.runik, (held) => held === before + 2.5, 30_000)).toBe(before + 2.5);
    // A withdrawal the worker sends.
    expect((await paid.api.post(ApiRoutes.withdraw(paid.username), { amount: '1.25' })).status).toBe(200);
    expect(await settledWithdrawal(stack, paid)).toMatchObject({ status: 'completed' });

    const report = await economy();
    // Holdings: every balance, summed with SQL.
    expect(report.liabilityRunik).toBe(await heldBy('paid'));
    expect(report.freeRunik).toBe(await heldBy('free'));
    expect(report.liabilityRunik).toBeGreaterThan(0);
    expect(report.freeRunik).toBeGreaterThan(0);
    const systems = await sql<{ code: string; total: string | null }>(
      `SELECT a.code, b.amount::text AS total FROM ledger_accounts a LEFT JOIN balances b ON b.account_id = a.id AND b.asset = 'runik' WHERE a.player_id IS NULL`,
    );
    expect(report.systemRunik).toEqual(Object.fromEntries(systems.map((row) => [row.code, runik(row.total)])));
    expect(Object.keys(report.systemRunik).sort()).toEqual([...SYSTEM_ACCOUNT_CODES].sort());
    expect(report.systemRunik['external:hive-engine']).toBe(-2.5 + 1.25);

    // The treasury: hive-sim's RNK of the game account; coverage against the liability.
    expect(report.treasuryRnk).toBe(Number(await engineBalance(stack.simUrl, GAME_ACCOUNT, 'RNK')));
    expect(report.coverage).toBeCloseTo(report.treasuryRnk / report.liabilityRunik, 9);

    // Days: 30 by default, newest first (today in UTC), one apart.
    expect(report.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const date = report.days[0].date;
    expect([today, new Date(Date.now() - 60_000).toISOString().slice(0, 10)]).toContain(date);
    report.days.forEach((day, back) => expect(day.date).toBe(new Date(Date.parse(`${date}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10)));
    expect(report.days.slice(1).every((day) => day.minted === 0 && day.burned === 0 && day.deposits === 0 && day.withdrawals === 0)).toBe(true);

    // Today's flows against the ledger's entries.
    const minted = await entriesOf('system:mint', date, 'debits');
    const burned = await entriesOf('system:burn', date, 'credits');
    const expected: EconomyDay = {
      date,
      minted: sum(minted),
      burned: sum(burned),
      fees: sum(await entriesOf('system:fees', date, 'credits')),
      tax: sum(await entriesOf('system:tax', date, 'credits')),
      deposits: sum(await entriesOf('external:hive-engine', date, 'debits')),
      withdrawals: sum(await entriesOf('external:hive-engine', date, 'credits')),
      mintedByReason: minted,
      burnedByReason: burned,
    };
    expect(report.days[0]).toEqual(expected);
    // What this test did is in there: two conversions of 600 wheat and 600 ore (3 + 6 RUNIK gross each), the deposit and the withdrawal.
    expect(report.days[0].mintedByReason['convert-to-runik']).toBe(18);
    expect(report.days[0].tax).toBe(1.8);
    expect(report.days[0].burnedByReason['convert-to-resources']).toBeGreaterThan(0);
    expect(report.days[0]).toMatchObject({ deposits: 2.5, withdrawals: 1.25 });

    // Fewer days; the same today.
    const three = await economy(3);
    expect(three.days.map((day) => day.date)).toEqual(report.days.slice(0, 3).map((day) => day.date));
    expect(three.days[0]).toEqual(report.days[0]);
    expect((await economy(365)).days).toHaveLength(365);

    // The same figures as gauges at /metrics.
    const metrics = await ops().get<string>('/metrics', { responseType: 'text' });
    expect(metrics.status).toBe(200);
    expect(sample(metrics.data, 'runik_economy_liability_runik')).toBe(report.liabilityRunik);
    expect(sample(metrics.data, 'runik_economy_treasury_rnk')).toBe(report.treasuryRnk);
    expect(sample(metrics.data, 'runik_economy_coverage')).toBeCloseTo(report.coverage ?? Number.NaN, 9);
  }, 180_000);

  it('answers 503 while Hive Engine is out of reach, and /metrics still answers without the treasury', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const apiUrl = await stack.startApi({ HIVE_ENGINE_URLS: nowhere, CHAIN_TIMEOUT_MS: '1000' });
    const response = await opsClient(apiUrl).get(ApiRoutes.adminEconomy);
    expect(response.status).toBe(503);
    expect(response.data).toEqual({ error: ErrorMessages.chainUnavailable });

    const metrics = await opsClient(apiUrl).get<string>('/metrics', { responseType: 'text' });
    expect(metrics.status).toBe(200);
    expect(sample(metrics.data, 'runik_economy_liability_runik')).toBe(await heldBy('paid'));
    expect(sample(metrics.data, 'runik_economy_treasury_rnk')).toBeUndefined();
    expect(sample(metrics.data, 'runik_economy_coverage')).toBeUndefined();
  }, 120_000);
});

/** The value of a series without labels in Prometheus' text format, or undefined when it is left out. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
