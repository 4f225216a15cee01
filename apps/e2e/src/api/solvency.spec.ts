import axios from 'axios';
import {
  ApiRoutes,
  ledgerReasonKind,
  LEDGER_REASONS,
  type ConvertPreviewResponse,
  type ConvertResponse,
  type EconomyResponse,
  type LedgerReason,
} from '@runik/contract';
import { ACTIVATION_RELEASE_RUNIK, emissionSlices, gameDay } from '@runik/rules';
import { setArmy } from '../support/attack';
import { CityPlayer, grant, letTimePass, newCityPlayer, newPaidCityPlayer, setCityHallLevel } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { advanceGameClock, gameClock } from '../support/game-clock';
import { engineBalance, payRegistration, sendToken, setHiveEngine, uniqueUsername } from '../support/hive';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * Solvent against swarms (issue 44; docs/decisions.md, "The emission budget"), against real processes
 * and hive-sim, across game days moved with the game clock: free accounts mint game-only RUNIK, so no
 * number of them raises what the game owes; every mint that could be withdrawn draws from one budget,
 * cut in slices that add up; a day whose treasury cannot be read starts within half the surplus.
 */
// A stack of its own: it moves the game's clock, reads game-wide totals and takes Hive Engine down.
const FUNDER = uniqueUsername('fund');
let stack: Stack;
beforeAll(
  async () =>
    (stack = await startStack({
      engineDelayMs: 100,
      extraEnv: {
        WITHDRAWAL_COVERAGE_FLOOR: '1',
        // The game's cap is small so that a withdrawal waits in line for the next day.
        WITHDRAWAL_DAILY_CAP_GAME: '100',
        WITHDRAWAL_QUEUE_CHECK_MS: '1000',
        TREASURY_ACCOUNTS: FUNDER,
      },
    })),
);
afterAll(() => stack?.stop());

const sql = <T>(text: string, params: unknown[] = []) => queryDatabase<T>(stack.database.url, text, params);
const ops = () =>
  axios.create({ baseURL: stack.apiUrl, auth: { username: 'admin', password: BULL_BOARD_PASSWORD }, validateStatus: () => true });
async function economy(): Promise<EconomyResponse> {
  const { status, data } = await ops().get<EconomyResponse>(`${ApiRoutes.adminEconomy}?days=7`);
  expect(status).toBe(200);
  return data;
}
const rnk = async () => Math.round(Number(await engineBalance(stack.simUrl, GAME_ACCOUNT, 'RNK')) * 1000);
const convert = (player: CityPlayer, selectedResources: string[], amount: number, preview = false) =>
  player.api.post<ConvertPreviewResponse & Partial<ConvertResponse> & { error?: string; limitedBy?: string }>(
    ApiRoutes.cityConvert(player.username),
    {
      selectedResources,
      amount,
      ...(preview ? { preview } : {}),
    },
  );
const ALL = ['wheat', 'lumber', 'stone', 'ore'];

/** Converts all of a player's starting stock that the daily cap allows; the RUNIK it gained. */
async function convertStartingStock(player: CityPlayer): Promise<number> {
  const { data: preview } = await convert(player, ALL, 1_000, true);
  const { status, data } = await convert(player, ALL, preview.maxAmount);
  expect([status, data.error]).toEqual([200, undefined]);
  return data.runikGained ?? 0;
}

async function today(): Promise<{
  day: string;
  budget: number;
  used: number;
  newcomers: number;
  releases: number;
  totalWeight: number;
  sized: boolean;
}> {
  const { gameDay: day } = await gameClock(stack);
  const [row] = await sql<{
    budget: string;
    used: string;
    newcomers_used: string;
    releases_used: string;
    total_weight: string;
    sized_from_treasury: boolean;
  }>(`SELECT budget, used, newcomers_used, releases_used, total_weight, sized_from_treasury FROM emission_days WHERE day = $1`, [day]);
  return {
    day,
    budget: Number(row.budget),
    used: Number(row.used),
    newcomers: Number(row.newcomers_used),
    releases: Number(row.releases_used),
    totalWeight: Number(row.total_weight),
    sized: row.sized_from_treasury,
  };
}

/** A free player's late activation paid on chain, seen through by the chain follower (its report is only a hint). */
async function activateLate(player: CityPlayer): Promise<void> {
  // A little over the fee (15 USD at the sim's price): a registration may pay more, never less.
  await payRegistration(stack.simUrl, player.username, '70.000');
}
const activated = (players: CityPlayer[]) =>
  eventually(
    () =>
      sql<{ n: number }>(`SELECT count(*)::int AS n FROM players WHERE id = ANY($1::bigint[]) AND activation = 'paid'`, [
        players.map((p) => p.playerId),
      ]),
    ([{ n }]) => n === players.length,
    90_000,
  );

describe('a swarm of free accounts', () => {
  it('cannot push coverage under 1: the next day the budget is above 0, paid conversions and queued withdrawals go on, and a new free player converts', async () => {
    const [paid, other] = await Promise.all([newPaidCityPlayer(stack, 'solvpaid'), newPaidCityPlayer(stack, 'solvother')]);
    // What the game owes brought to within 10 RNK of what it holds.
    const before = await economy();
    await grant(stack, paid, 'runik', Math.round((before.treasuryRnk - before.owedRunik) * 1000) - 10_000 - 50_000);
    await grant(stack, other, 'runik', 50_000);
    // The game's cap (100 RUNIK) lets one withdrawal go today; the next (another account's) waits in line for tomorrow's.
    expect((await paid.api.post(ApiRoutes.withdraw(paid.username), { amount: '100' })).data).toMatchObject({ status: 'pending' });
    expect((await other.api.post(ApiRoutes.withdraw(other.username), { amount: '50' })).data).toMatchObject({ status: 'queued' });
    const withdrawals = () =>
      sql<{ status: string }>(`SELECT status FROM withdrawals WHERE player_id = ANY($1::bigint[]) ORDER BY id`, [
        [paid.playerId, other.playerId],
      ]);
    await eventually(withdrawals, (rows) => rows[0]?.status === 'completed', 60_000);

    const tight = await economy();
    const surplus = tight.treasuryRnk - tight.owedRunik;
    expect(tight.coverage).toBeGreaterThanOrEqual(1);
    // Under the old rule each free account could add up to ACTIVATION_RELEASE_RUNIK to what is owed: this many were enough to sink it.
    const swarmSize = Math.ceil(surplus / (ACTIVATION_RELEASE_RUNIK / 1000)) + 5;
    const swarm = await Promise.all(Array.from({ length: swarmSize }, () => newCityPlayer(stack, 'swarm')));
    const minted = await Promise.all(swarm.map(convertStartingStock));
    expect(minted.every((runik) => runik > 0)).toBe(true);

    const after = await economy();
    expect(after.owedRunik).toBe(tight.owedRunik);
    expect(after.coverage).toBeGreaterThanOrEqual(1);
    expect(after.freeRunik - tight.freeRunik).toBeCloseTo(
      minted.reduce((sum, runik) => sum + runik, 0),
      6,
    );

    // The next game day (the worker sizes it from the treasury on catching up).
    await advanceGameClock(stack, { days: 1 });
    const next = await eventually(today, (day) => day.sized, 30_000);
    expect(next.budget).toBeGreaterThan(0);
    const { status, data } = await convert(paid, ['wheat'], 100);
    expect([status, data.error]).toEqual([200, undefined]);
    expect((await eventually(withdrawals, (rows) => rows[1]?.status === 'completed', 60_000))[1].status).toBe('completed');
    const newcomer = await newCityPlayer(stack, 'solvnew');
    expect((await convert(newcomer, ['lumber', 'stone', 'ore'], 500)).status).toBe(200);
    expect((await economy()).coverage).toBeGreaterThanOrEqual(1);
  });
});

describe('one budget for every mint that could be withdrawn', () => {
  /** What players were credited on the game day by reasons of a kind, thousandths. */
  async function creditedOfKind(kind: 'budgeted-mint', day: { start: Date; end: Date }): Promise<number> {
    const reasons = (Object.keys(LEDGER_REASONS) as LedgerReason[]).filter((reason) => ledgerReasonKind(reason) === kind);
    const [{ total }] = await sql<{ total: string }>(
      `SELECT coalesce(sum(e.delta), 0)::text AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.player_id IS NOT NULL AND e.asset = 'runik' AND e.delta > 0 AND e.reason = ANY($1::text[]) AND e.created_at >= $2 AND e.created_at < $3`,
      [reasons, day.start, day.end],
    );
    return Number(total);
  }

  it("holds the day's budgeted mints under its budget while free and paid accounts convert, claim quests, raid the camp and activate", async () => {
    await advanceGameClock(stack, { days: 1 });
    const { start, end } = gameDay(Date.parse((await gameClock(stack)).now));
    const day = await eventually(today, (row) => row.sized, 30_000);
    const [paid, free, late] = await Promise.all([
      newPaidCityPlayer(stack, 'mintpaid'),
      newCityPlayer(stack, 'mintfree'),
      newCityPlayer(stack, 'mintlate'),
    ]);
    for (const player of [paid, free]) {
      await setCityHallLevel(stack, player, 5);
      await setArmy(stack, player, { infantry: 30 });
      await grant(stack, player, 'wheat', 200_000_000);
    }
    await convertStartingStock(late);
    await activateLate(late);
    // Conversions until refused, a quest reward each, a practice raid each, all at once.
    await Promise.all([
      ...[paid, free].flatMap((player) => Array.from({ length: 12 }, () => convert(player, ['wheat'], 20_000))),
      ...[paid, free].map((player) => player.api.post(ApiRoutes.questClaim(player.username), { questId: 'city-hall-5' })),
      ...[paid, free].map((player) => player.api.post(ApiRoutes.practiceCampRaid(player.username), {})),
    ]);
    await activated([late]);
    const after = await today();
    expect(after.day).toBe(day.day);
    expect(await creditedOfKind('budgeted-mint', { start, end })).toBeLessThanOrEqual(after.budget);
    expect(after.used).toBeLessThanOrEqual(after.budget);
    // The free player's conversions and reward are game-only: none of it may be withdrawn.
    const [{ locked, runik }] = await sql<{ locked: string; runik: string }>(
      `SELECT p.locked_runik AS locked, b.amount AS runik FROM players p JOIN ledger_accounts a ON a.player_id = p.id JOIN balances b ON b.account_id = a.id AND b.asset = 'runik' WHERE p.id = $1`,
      [free.playerId],
    );
    expect(Number(locked)).toBeGreaterThanOrEqual(Number(runik));
  });
});

describe('shares that add up', () => {
  it('leaves every producer its share after a burst of 11 late activations and 30 paid conversions; the releases stay within their slice', async () => {
    // A funded treasury so that the budget is more than the minimum, and 30 paid players who harvest today: tomorrow's producers.
    await sendToken(stack.simUrl, FUNDER, GAME_ACCOUNT, 'RNK', '900.000', 'treasury top-up');
    // Registered five at a time: thirty payments at once outwait a registration's confirmation on a loaded machine.
    const producers: CityPlayer[] = [];
    while (producers.length < 30)
      producers.push(...(await Promise.all(Array.from({ length: 5 }, () => newPaidCityPlayer(stack, 'share')))));
    const swarm = await Promise.all(Array.from({ length: 11 }, () => newCityPlayer(stack, 'late')));
    await Promise.all(swarm.map(convertStartingStock));
    for (const player of producers) {
      await letTimePass(stack, player, 3_600_000);
      expect((await player.api.post(ApiRoutes.cityHarvest(player.username))).status).toBe(200);
      await grant(stack, player, 'wheat', 100_000_000);
    }
    await advanceGameClock(stack, { days: 1 });
    const day = await eventually(today, (row) => row.sized, 30_000);
    expect(day.totalWeight).toBeGreaterThan(0);

    await Promise.all([...swarm.map(activateLate), ...producers.map((player) => convert(player, ['wheat'], 20_000))]);
    await activated(swarm);
    const after = await today();
    const slices = emissionSlices(after.budget, after.totalWeight);
    expect(after.releases).toBeLessThanOrEqual(slices.releases);
    expect(after.used - after.newcomers - after.releases).toBeLessThanOrEqual(slices.producers);
    for (const player of producers) {
      const { data } = await convert(player, ['wheat'], 20_000, true);
      const [{ used }] = await sql<{ used: string }>(
        `SELECT coalesce(sum(used), 0) AS used FROM emission_draws WHERE day = $1 AND player_id = $2`,
        [day.day, player.playerId],
      );
      // What is left is its share less what it drew (or the daily cap, when that is less): nobody else took it.
      const shareLeft = (data.emissionShareToday ?? 0) * 1000 - Number(used);
      expect(Math.round(data.conversionLeftToday * 1000)).toBe(
        Math.min(shareLeft, Math.round(data.conversionCapPerDay * 1000) - Number(used)),
      );
    }
  });
});

describe('Hive Engine down while the worker sizes the day', () => {
  it('keeps the provisional budget, within half the surplus last measured less what was drawn since', async () => {
    const [last] = await sql<{ day: string; surplus: string }>(
      `SELECT day::text AS day, (treasury_rnk - owed)::text AS surplus FROM emission_days WHERE sized_from_treasury ORDER BY day DESC LIMIT 1`,
    );
    const [{ drawn }] = await sql<{ drawn: string }>(`SELECT coalesce(sum(used), 0)::text AS drawn FROM emission_days WHERE day >= $1`, [
      last.day,
    ]);
    await setHiveEngine(stack.simUrl, { down: true });
    try {
      await advanceGameClock(stack, { days: 1 });
      const provisional = await today();
      expect(provisional.sized).toBe(false);
      expect(provisional.budget).toBeLessThanOrEqual(Math.floor((Number(last.surplus) - Number(drawn)) / 2));
      expect(provisional.budget).toBeLessThanOrEqual(Math.floor(Number(last.surplus) / 2));
    } finally {
      await setHiveEngine(stack.simUrl, { down: false });
    }
    // Back up: the worker sizes the day within a tick.
    expect((await eventually(today, (row) => row.sized, 90_000)).sized).toBe(true);
    expect(await rnk()).toBeGreaterThan(0);
  });
});
