import axios from 'axios';
import { randomInt } from 'node:crypto';
import { ApiRoutes, ErrorMessages, ledgerReasonKind, SYSTEM_ACCOUNT_CODES } from '@runik/contract';
import type { EconomyDay, EconomyResponse, LedgerReason, LedgerReasonKind } from '@runik/contract';
import {
  ACTIVATION_RELEASE_RUNIK,
  ALLIANCE_CREATION_FEE,
  ALLIANCE_ICON_IDS,
  BUILDING_KEYS,
  emissionSlices,
  formatDecimal,
  gameDay,
  MILITARY_BUILDING_KEYS,
  RESOURCE_KEYS,
  seededRandom,
  toThousandths,
  type SeededRandom,
} from '@runik/rules';
import { cityOf, CityPlayer, grant, letTimePass, newCityPlayer, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { engineBalance, sendToken } from '../support/hive';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * GET /api/admin/economy: the operators' view of what the game owes (players' RUNIK), what it holds
 * (the game account's RNK) and each day's flows, checked against the ledger read with SQL and
 * against hive-sim, after real play through the api.
 */
// A stack of its own: the operators' page totals the whole game, and a test starts a second api.
let stack: Stack;
beforeAll(async () => (stack = await startStack({ engineDelayMs: 100 })));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;
const opsClient = (baseURL: string) =>
  axios.create({ baseURL, auth: { username: 'admin', password: BULL_BOARD_PASSWORD }, validateStatus: () => true });
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

/** Paid players' locked RUNIK, and what free players hold that is not game-only (an activation makes it withdrawable at once), from SQL. */
async function lockedAndContingent(): Promise<{ locked: number; contingent: number }> {
  const [row] = await sql<{ locked: string; contingent: string }>(
    `SELECT coalesce(sum(LEAST(p.locked_runik, b.amount)) FILTER (WHERE p.activation = 'paid'), 0)::text AS locked,
            coalesce(sum(b.amount - LEAST(p.locked_runik, b.amount)) FILTER (WHERE p.activation <> 'paid'), 0)::text AS contingent
       FROM balances b JOIN ledger_accounts a ON a.id = b.account_id JOIN players p ON p.id = a.player_id
      WHERE b.asset = 'runik'`,
  );
  return { locked: runik(row.locked), contingent: runik(row.contingent) };
}

/** The new figures of the balance sheet against independent SQL sums and hive-sim: locked, contingent, owed, SWAP.HIVE, the budget's use. */
async function expectNewFigures(report: EconomyResponse): Promise<void> {
  const { locked, contingent } = await lockedAndContingent();
  expect(report.lockedRunik).toBe(locked);
  expect(report.contingentRunik).toBe(contingent);
  expect(report.liabilityRunik).toBeCloseTo((await heldBy('paid')) - locked, 9);
  expect(report.owedRunik).toBeCloseTo(report.liabilityRunik + report.withdrawingRunik + report.contingentRunik, 9);
  if (report.owedRunik > 0) expect(report.coverage).toBeCloseTo(report.treasuryRnk / report.owedRunik, 9);
  else expect(report.coverage).toBeNull();
  const [swap] = await sql<{ received: string }>(
    `SELECT floor(coalesce(sum(quantity::numeric), 0) * 1000)::text AS received FROM chain_transfers WHERE symbol = 'SWAP.HIVE' AND status = 'credited'`,
  );
  expect(report.swapHiveReceived).toBe(runik(swap.received));
  expect(report.swapHiveHeld).toBe(Math.floor(Number(await engineBalance(stack.simUrl, GAME_ACCOUNT, 'SWAP.HIVE')) * 1000) / 1000);
  // Today's budget: what was drawn is what paid players' draws add up to.
  const [draws] = await sql<{ used: string }>(`SELECT coalesce(sum(used), 0)::text AS used FROM emission_draws WHERE day = $1`, [
    report.emissionToday.day,
  ]);
  expect(report.emissionToday.used).toBe(runik(draws.used));
  expect(report.emissionToday.used).toBeLessThanOrEqual(report.emissionToday.budget);
  expect(report.emissionDays[0]).toEqual(report.emissionToday);
  await expectFreeAccounts(report);
}

/**
 * The free accounts' part (issue 44, item 7) against the ledger read with SQL: RUNIK credited to the accounts free now
 * in the game day, by the kind of each entry's reason (only the backed and transferred add to what is owed), their
 * game-only RUNIK, what activations could release (each one's up to the release, plus what waits) and today's releases slice.
 */
async function expectFreeAccounts(report: EconomyResponse): Promise<void> {
  const credits = await sql<{ reason: string; total: string }>(
    `SELECT e.reason, sum(e.delta)::text AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN players p ON p.id = a.player_id
      WHERE p.activation = 'free' AND e.asset = 'runik' AND e.delta > 0 AND e.created_at >= $1 GROUP BY e.reason`,
    [gameDay(Date.now()).start],
  );
  const byKind: Partial<Record<LedgerReasonKind, number>> = {};
  for (const { reason, total } of credits) {
    const kind = ledgerReasonKind(reason.split(':')[0] as LedgerReason);
    byKind[kind] = (byKind[kind] ?? 0) + runik(total);
  }
  const [free] = await sql<{ accounts: number; game_only: string; releasable: string; waiting: string }>(
    `SELECT count(*) FILTER (WHERE p.activation = 'free')::int AS accounts,
            coalesce(sum(LEAST(p.locked_runik, coalesce(b.amount, 0))) FILTER (WHERE p.activation = 'free'), 0)::text AS game_only,
            coalesce(sum(LEAST(p.locked_runik, coalesce(b.amount, 0), $1)) FILTER (WHERE p.activation = 'free'), 0)::text AS releasable,
            coalesce(sum(p.release_waiting), 0)::text AS waiting
       FROM players p JOIN ledger_accounts a ON a.player_id = p.id LEFT JOIN balances b ON b.account_id = a.id AND b.asset = 'runik'`,
    [ACTIVATION_RELEASE_RUNIK],
  );
  const [day] = await sql<{ budget: string; total_weight: string; releases_used: string }>(
    `SELECT budget, total_weight, releases_used FROM emission_days WHERE day = $1::date`,
    [report.emissionToday.day],
  );
  expect(report.freeAccounts).toEqual({
    accounts: free.accounts,
    creditedTodayByKind: byKind,
    addedToOwedToday: Number(((byKind['backed-mint'] ?? 0) + (byKind.transfer ?? 0)).toFixed(3)),
    gameOnlyRunik: runik(free.game_only),
    releasableRunik: runik(String(Number(free.releasable) + Number(free.waiting))),
    waitingRunik: runik(free.waiting),
    releasesSliceToday: runik(String(emissionSlices(Number(day.budget), Number(day.total_weight)).releases)),
    releasedToday: runik(day.releases_used),
  });
  // A free account's mints are game-only: none draws from the budget.
  expect(report.freeAccounts.creditedTodayByKind['budgeted-mint']).toBeUndefined();
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
  it("is an ops route: 401 without the operators' credentials, 400 with a message for a bad number of days", async () => {
    expect((await axios.get(`${stack.apiUrl}${ApiRoutes.adminEconomy}`, { validateStatus: () => true })).status).toBe(401);
    const wrong = await axios.get(`${stack.apiUrl}${ApiRoutes.adminEconomy}`, {
      auth: { username: 'admin', password: 'guess' },
      validateStatus: () => true,
    });
    expect(wrong.status).toBe(401);
    for (const days of ['0', '366', '-1', '1.5', 'abc', '', '1e9']) {
      const response = await ops().get(ApiRoutes.adminEconomy, { params: { days } });
      expect([days, response.status, response.data]).toEqual([days, 400, { error: 'days must be a whole number from 1 to 365.' }]);
    }
    expect((await ops().get(ApiRoutes.adminEconomy, { params: { day: 3 } })).status).toBe(400);
    // What nginx asks before serving the economy page (docker/nginx.conf).
    expect((await ops().get('/api/admin/access')).status).toBe(204);
    expect((await axios.get(`${stack.apiUrl}/api/admin/access`, { validateStatus: () => true })).status).toBe(401);
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
    expect(
      await eventually(
        async () => (await cityOf(paid)).resources.runik,
        (held) => held === before + 2.5,
        30_000,
      ),
    ).toBe(before + 2.5);
    // A withdrawal the worker sends.
    expect((await paid.api.post(ApiRoutes.withdraw(paid.username), { amount: '1.25' })).status).toBe(200);
    expect(await settledWithdrawal(stack, paid)).toMatchObject({ status: 'completed' });

    const report = await economy();
    // Holdings: every balance, summed with SQL.
    expect(report.liabilityRunik + report.lockedRunik).toBeCloseTo(await heldBy('paid'), 9);
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
    // The withdrawal is confirmed: nothing is on its way any more.
    expect(report.withdrawingRunik).toBe(0);
    await expectNewFigures(report);
    // The paid player's conversion drew from today's budget (8.1 RUNIK after tax); the free player's drew nothing.
    expect(report.emissionToday.used).toBe(8.1);
    // The free player's conversion (8.1 RUNIK after tax) was credited game-only: it added nothing to what is owed.
    expect(report.freeAccounts.creditedTodayByKind['game-only-mint']).toBe(8.1);
    expect(report.freeAccounts.addedToOwedToday).toBe(0);
    expect(report.freeAccounts.gameOnlyRunik).toBeGreaterThan(0);

    // Days: 30 by default, newest first (today in UTC), one apart.
    expect(report.days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const date = report.days[0].date;
    expect([today, new Date(Date.now() - 60_000).toISOString().slice(0, 10)]).toContain(date);
    report.days.forEach((day, back) =>
      expect(day.date).toBe(new Date(Date.parse(`${date}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10)),
    );
    expect(report.days.slice(1).every((day) => day.minted === 0 && day.burned === 0 && day.deposits === 0 && day.withdrawals === 0)).toBe(
      true,
    );

    // Today's flows against the ledger's entries.
    const minted = await entriesOf('system:mint', date, 'debits');
    const { 'convert-to-resources': resourcePurchases = 0, ...burned } = await entriesOf('system:burn', date, 'credits');
    const expected: EconomyDay = {
      date,
      minted: sum(minted),
      burned: sum(burned),
      resourcePurchases,
      fees: sum(await entriesOf('system:fees', date, 'credits')),
      tax: sum(await entriesOf('system:tax', date, 'credits')),
      deposits: sum(await entriesOf('external:hive-engine', date, 'debits')),
      withdrawals: sum(await entriesOf('external:hive-engine', date, 'credits')),
      mintedByReason: minted,
      burnedByReason: burned,
    };
    expect(report.days[0]).toEqual(expected);
    // What this test did is in there: two conversions of 600 wheat and 600 ore (3 + 6 RUNIK gross each; the free player's game-only), the deposit and the withdrawal.
    expect(report.days[0].mintedByReason['convert-to-runik']).toBe(9);
    expect(report.days[0].mintedByReason['convert-to-game-runik']).toBe(9);
    expect(report.days[0].tax).toBe(1.8);
    expect(report.days[0].resourcePurchases).toBeGreaterThan(0);
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
    expect(sample(metrics.data, 'runik_economy_owed_runik')).toBe(report.owedRunik);
    expect(sample(metrics.data, 'runik_economy_contingent_runik')).toBe(report.contingentRunik);
    expect(sample(metrics.data, 'runik_economy_locked_runik')).toBe(report.lockedRunik);
    expect(sample(metrics.data, 'runik_economy_queued_runik')).toBe(report.guardRails.queuedRunik);
  }, 180_000);

  it('answers 503 while Hive Engine is out of reach, and /metrics still answers without the treasury', async () => {
    // Port 1: nothing listens there, and unlike a port found free, no process can be given it meanwhile.
    const nowhere = 'http://127.0.0.1:1';
    const apiUrl = await stack.startApi({ HIVE_ENGINE_URLS: nowhere, CHAIN_TIMEOUT_MS: '1000' });
    const response = await opsClient(apiUrl).get(ApiRoutes.adminEconomy);
    expect(response.status).toBe(503);
    expect(response.data).toEqual({ error: ErrorMessages.engineUnavailable });

    const metrics = await opsClient(apiUrl).get<string>('/metrics', { responseType: 'text' });
    expect(metrics.status).toBe(200);
    expect(sample(metrics.data, 'runik_economy_liability_runik')).toBe(await heldBy('paid'));
    expect(sample(metrics.data, 'runik_economy_treasury_rnk')).toBeUndefined();
    expect(sample(metrics.data, 'runik_economy_coverage')).toBeUndefined();
  }, 120_000);
});

describe('the economy report after random play', () => {
  /**
   * Seeded random play through the api (ECONOMY_SEED=<n> replays a run's choices; the chain's timing
   * may still differ), then every figure of the report against the ledger's entries summed here, and
   * the treasury against hive-sim's own balance of the game account.
   */
  it("equals the ledger's sums, and its treasury is the game account's RNK on hive-sim", async () => {
    const seed = Number(process.env.ECONOMY_SEED ?? randomInt(2 ** 31));
    await withSeedOnFailure(seed, () => playRandomlyThenCompare(seededRandom(seed)));
  }, 300_000);
});

/** Names the seed in a failure's message (and stack), so the run can be replayed. */
async function withSeedOnFailure(seed: number, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof Error) {
      // V8 formats the stack on first read, from the message of that moment: read it first.
      const original = error.message;
      const stack = error.stack;
      error.message = `ECONOMY_SEED=${seed}: ${original}`;
      if (stack?.includes(original)) error.stack = stack.replace(original, error.message);
    }
    throw error;
  }
}

/** A step's outcome: the api's status, or what happened outside it ('minted', 'sent' on the chain, 'skipped'). */
type Step = (random: SeededRandom, player: RandomPlayer) => Promise<number | 'minted' | 'sent' | 'skipped'>;
interface RandomPlayer extends CityPlayer {
  paid: boolean;
}

const pick = <T>(random: SeededRandom, items: readonly T[]): T => items[random.int(0, items.length - 1)];
/** Thousandths as the decimal string a client sends. */
const amountOf = (thousandths: number) => formatDecimal(thousandths);

/** What a player may do that moves RUNIK. */
const STEPS: Record<string, Step> = {
  harvest: async (random, player) => {
    await letTimePass(stack, player, random.int(1, 8) * HOUR);
    return (await post(player, 'harvest')).status;
  },
  convert: async (random, player) => {
    const selectedResources = RESOURCE_KEYS.filter(() => random.int(0, 1) === 1);
    return (
      await post(player, 'convert', {
        selectedResources: selectedResources.length ? selectedResources : ['wheat'],
        amount: random.int(10, 800),
      })
    ).status;
  },
  'convert-to-resources': async (random, player) =>
    (await post(player, 'convert-to-resources', { [pick(random, RESOURCE_KEYS)]: String(random.int(1, 20)) })).status,
  upgrade: async (random, player) =>
    (await player.api.post(ApiRoutes.cityUpgrade(player.username, pick(random, ['ch', ...BUILDING_KEYS])))).status,
  train: async (random, player) =>
    (
      await player.api.post(ApiRoutes.cityTrain(player.username), {
        building: pick(random, MILITARY_BUILDING_KEYS),
        count: random.int(1, 10),
      })
    ).status,
  speedup: async (random, player) =>
    (await player.api.post(ApiRoutes.citySpeedup(player.username, pick(random, MILITARY_BUILDING_KEYS)), { minutes: random.int(1, 30) }))
      .status,
  pack: async (_random, player) =>
    (await player.api.post(ApiRoutes.packPurchaseRunik, { hiveUsername: player.username, packCount: 1 })).status,
  // A free player who saved up the fee (granted: a paid one's would sink the coverage) founds an alliance.
  alliance: async (random, player) => {
    if (!player.paid) await grant(stack, player, 'runik', toThousandths(ALLIANCE_CREATION_FEE));
    const tag = `E${random
      .int(0, 35 ** 2)
      .toString(36)
      .toUpperCase()
      .padStart(2, '0')}`;
    const body = {
      hiveUsername: player.username,
      name: `Economy ${player.playerId}`,
      tag,
      icon: pick(random, ALLIANCE_ICON_IDS),
      description: 'Random play.',
    };
    return (await player.api.post(ApiRoutes.allianceCreate, body)).status;
  },
  // RUNIK minted by the game's ledger, as a citadel reward or a shop grant would be.
  grant: async (random, player) => {
    await grant(stack, player, 'runik', random.int(1, 40) * 1000);
    return 'minted';
  },
  deposit: async (random, player) => {
    // Only players who may withdraw deposit (the chain follower refunds the others' RNK).
    if (!player.paid) return 'skipped';
    await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', amountOf(random.int(1_000, 20_000)), '');
    return 'sent';
  },
  withdraw: async (random, player) =>
    (await player.api.post(ApiRoutes.withdraw(player.username), { amount: amountOf(random.int(100, 5_000)) })).status,
};

async function playRandomlyThenCompare(random: SeededRandom): Promise<void> {
  const players: RandomPlayer[] = [
    ...(await Promise.all([newPaidCityPlayer(stack, 'rndpaid'), newPaidCityPlayer(stack, 'rndpaid')])).map((player) => ({
      ...player,
      paid: true,
    })),
    ...(await Promise.all([newCityPlayer(stack, 'rndfree'), newCityPlayer(stack, 'rndfree')])).map((player) => ({
      ...player,
      paid: false,
    })),
  ];
  const chainBefore = await chainAccountThousandths();
  const treasuryBefore = await engineBalance(stack.simUrl, GAME_ACCOUNT, 'RNK');
  const depositsBefore = await postingsCount('deposit');

  const outcomes: string[] = [];
  for (let step = 0; step < 150; step += 1) {
    const name = pick(random, Object.keys(STEPS));
    outcomes.push(`${name}:${await STEPS[name](random, pick(random, players))}`);
  }
  const deposits = outcomes.filter((outcome) => outcome === 'deposit:sent').length;
  // Never a server error, whatever was asked.
  expect(outcomes.filter((outcome) => /:5\d\d$/.test(outcome))).toEqual([]);

  // Everything settles: each deposit credited by the chain follower, each withdrawal sent or refunded.
  await eventually(
    () => postingsCount('deposit'),
    (count) => count === depositsBefore + deposits,
    60_000,
  );
  expect(await postingsCount('deposit')).toBe(depositsBefore + deposits);
  const open = () =>
    sql<{ count: string }>(`SELECT count(*)::text AS count FROM withdrawals WHERE status IN ('pending', 'sent')`).then(([row]) =>
      Number(row.count),
    );
  expect(await eventually(open, (count) => count === 0, 60_000)).toBe(0);

  const report = await economy(30);
  const ledger = await ledgerSums(report.days.map((day) => day.date));
  expect({ freeRunik: report.freeRunik, systemRunik: report.systemRunik }).toEqual({
    freeRunik: ledger.holdings.freeRunik,
    systemRunik: ledger.holdings.systemRunik,
  });
  expect(report.liabilityRunik + report.lockedRunik).toBeCloseTo(ledger.holdings.paidRunik, 9);
  expect(report.days).toEqual(ledger.days);

  // The treasury is what hive-sim says the game account holds, and it moved as the ledger's chain account did.
  const treasury = await engineBalance(stack.simUrl, GAME_ACCOUNT, 'RNK');
  expect(report.treasuryRnk).toBe(Number(treasury));
  expect(report.withdrawingRunik).toBe(0);
  await expectNewFigures(report);
  const chainMoved = (await chainAccountThousandths()) - chainBefore;
  expect(Math.round((Number(treasury) - Number(treasuryBefore)) * 1000)).toBe(-chainMoved);
  // Not a comparison of empty reports (the seed decides how much of each kind there is).
  expect(report.days[0].minted).toBeGreaterThan(0);
}

async function postingsCount(reason: string): Promise<number> {
  const [{ count }] = await sql<{ count: string }>(
    `SELECT count(DISTINCT posting_id)::text AS count FROM ledger_entries WHERE reason = $1`,
    [reason],
  );
  return Number(count);
}

async function chainAccountThousandths(): Promise<number> {
  const [{ total }] = await sql<{ total: string | null }>(
    `SELECT sum(e.delta)::text AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.code = 'external:hive-engine' AND e.asset = 'runik'`,
  );
  return Number(total ?? 0);
}

interface LedgerEntry {
  code: string;
  reason: string;
  reference: string | null;
  delta: string;
  date: string;
}

/**
 * The report's figures summed here from ledger_entries alone (not the balances the report reads):
 * holdings as each account's entries added up; each day's flows entry by entry.
 */
async function ledgerSums(
  dates: string[],
): Promise<{ holdings: { paidRunik: number } & Pick<EconomyResponse, 'freeRunik' | 'systemRunik'>; days: EconomyDay[] }> {
  const held = await sql<{ holder: string; total: string }>(
    `SELECT CASE WHEN a.player_id IS NULL THEN a.code ELSE p.activation END AS holder, sum(e.delta)::text AS total
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id LEFT JOIN players p ON p.id = a.player_id
      WHERE e.asset = 'runik' GROUP BY 1`,
  );
  const systemRunik = Object.fromEntries(SYSTEM_ACCOUNT_CODES.map((code) => [code, 0])) as EconomyResponse['systemRunik'];
  let paid = 0;
  let free = 0;
  for (const { holder, total } of held) {
    if ((SYSTEM_ACCOUNT_CODES as readonly string[]).includes(holder)) systemRunik[holder as keyof typeof systemRunik] = runik(total);
    else if (holder === 'paid') paid += Number(total);
    else free += Number(total);
  }

  const entries = await sql<LedgerEntry>(
    `SELECT a.code, e.reason, e.reference, e.delta::text AS delta, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.player_id IS NULL AND e.asset = 'runik' AND e.created_at >= $1::date`,
    [dates.at(-1)],
  );
  const refunded = new Set(entries.filter((entry) => entry.reason === 'withdrawal-refund').map((entry) => entry.reference));
  const emptyDay = () => ({
    minted: 0,
    burned: 0,
    resourcePurchases: 0,
    fees: 0,
    tax: 0,
    deposits: 0,
    withdrawals: 0,
    mintedByReason: {} as Record<string, number>,
    burnedByReason: {} as Record<string, number>,
  });
  const days = new Map(dates.map((date) => [date, emptyDay()]));
  const add = (byReason: Record<string, number>, reason: string, amount: number) => (byReason[reason] = (byReason[reason] ?? 0) + amount);
  for (const entry of entries) {
    const day = days.get(entry.date);
    const delta = Number(entry.delta);
    if (!day) continue;
    // Older rows carried an id in their reason (`shop-purchase:12`): the report counts them under their kind.
    const kind = entry.reason.split(':')[0];
    if (entry.code === 'system:mint' && delta < 0) {
      day.minted -= delta;
      add(day.mintedByReason, kind, -delta);
    } else if (entry.code === 'system:burn' && kind === 'convert-to-resources') {
      day.resourcePurchases += delta;
    } else if (entry.code === 'system:burn' && delta > 0) {
      day.burned += delta;
      add(day.burnedByReason, kind, delta);
    } else if (entry.code === 'system:fees' && delta > 0) day.fees += delta;
    else if (entry.code === 'system:tax' && delta > 0) day.tax += delta;
    else if (entry.code === 'external:hive-engine' && entry.reason !== 'withdrawal-refund') {
      if (delta < 0) day.deposits -= delta;
      else if (!refunded.has(entry.reference)) day.withdrawals += delta;
    }
  }
  const inRunik = (byReason: Record<string, number>) =>
    Object.fromEntries(Object.entries(byReason).map(([reason, amount]) => [reason, amount / 1000]));
  return {
    holdings: { paidRunik: paid / 1000, freeRunik: free / 1000, systemRunik },
    days: [...days].map(([date, day]) => ({
      date,
      minted: day.minted / 1000,
      burned: day.burned / 1000,
      resourcePurchases: day.resourcePurchases / 1000,
      fees: day.fees / 1000,
      tax: day.tax / 1000,
      deposits: day.deposits / 1000,
      withdrawals: day.withdrawals / 1000,
      mintedByReason: inRunik(day.mintedByReason),
      burnedByReason: inRunik(day.burnedByReason),
    })),
  };
}

/** The value of a series without labels in Prometheus' text format, or undefined when it is left out. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
