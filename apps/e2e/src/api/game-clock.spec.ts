import { Queue } from 'bullmq';
import { ApiRoutes, GameClockMessages } from '@runik/contract';
import type { GameClockResponse, QuestsResponse, WithdrawStatusResponse } from '@runik/contract';
import { gameDay, gameDayKey } from '@runik/rules';
import { newCityPlayer, newPaidCityPlayer, type CityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { advanceGameClock, gameClock, opsClient } from '../support/game-clock';
import { startStack, Stack } from '../support/stack';

/**
 * The game clock the processes share (issue 44, item 5): POST /api/admin/clock moves the game's time forward for
 * the api and the worker (development and tests only); the worker runs the skipped time's scheduled work once.
 */
// A stack of its own: the game's time is the whole stack's.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const sql = <T>(text: string, params: unknown[] = []) => queryDatabase<T>(stack.database.url, text, params);
const storedClock = async () =>
  (
    await sql<{ offset_ms: string; caught_up: string }>(`SELECT offset_ms::text, caught_up_offset_ms::text AS caught_up FROM game_clock`)
  )[0];

async function emissionDay(day: string) {
  const [row] = await sql<{ sized_from_treasury: boolean }>(`SELECT sized_from_treasury FROM emission_days WHERE day = $1`, [day]);
  return row ?? null;
}

async function dailyResetsAt(player: CityPlayer): Promise<string> {
  const { status, data } = await player.api.get<QuestsResponse>(ApiRoutes.quests(player.username));
  expect(status).toBe(200);
  return data.dailyResetsAt;
}

async function capsResetAt(player: CityPlayer): Promise<string> {
  const { status, data } = await player.api.get<WithdrawStatusResponse>(ApiRoutes.withdrawStatus(player.username));
  expect(status).toBe(200);
  return data.limits.resetsAt;
}

/** hive-sim's head block time (its own clock, which the game's never moves), ms. */
async function chainTime(): Promise<number> {
  const response = await fetch(stack.simUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'condenser_api.get_dynamic_global_properties', params: [] }),
  });
  const { result } = (await response.json()) as { result: { time: string } };
  return Date.parse(`${result.time}Z`);
}

describe('the game clock', () => {
  it("starts on the machine's time, with nothing to catch up on", async () => {
    const clock = await gameClock(stack);
    expect(clock.offsetMs).toBe(0);
    expect(clock.caughtUp).toBe(true);
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
    expect(clock.gameDay).toBe(gameDayKey(Date.parse(clock.now)));
  });

  it('moved a day forward, the api answers on the next game day and the worker acts on it once', async () => {
    const free = await newCityPlayer(stack, 'clock');
    const paid = await newPaidCityPlayer(stack, 'clockpaid');
    const before = await gameClock(stack);
    const today = before.gameDay;
    // The worker sized today's budget at its start.
    expect(
      await eventually(
        () => emissionDay(today),
        (row) => row?.sized_from_treasury === true,
      ),
    ).toEqual({ sized_from_treasury: true });
    const questsReset = await dailyResetsAt(free);
    const capsReset = await capsResetAt(paid);
    expect(questsReset).toBe(gameDay(Date.parse(before.now)).end.toISOString());
    // A citadel count of today, which the daily reset restarts once the game day turns.
    await sql(`INSERT INTO citadel_players (player_id, day, today_attack_count, total_damage) VALUES ($1, $2, 3, 0)`, [
      free.playerId,
      today,
    ]);

    const moved = await advanceGameClock(stack, { days: 1 });
    const tomorrow = gameDayKey(Date.parse(before.now) + DAY_MS);
    expect(moved.offsetMs).toBe(DAY_MS);
    expect(moved.gameDay).toBe(tomorrow);
    expect(moved.caughtUp).toBe(true);
    expect(await storedClock()).toEqual({ offset_ms: String(DAY_MS), caught_up: String(DAY_MS) });

    // The api: the quests' reset and the withdrawal caps' reset are a day later.
    expect(await dailyResetsAt(free)).toBe(new Date(Date.parse(questsReset) + DAY_MS).toISOString());
    expect(await capsResetAt(paid)).toBe(new Date(Date.parse(capsReset) + DAY_MS).toISOString());
    // The worker: the new game day's budget sized from the treasury (only the worker sizes), the citadel's count restarted.
    expect(await emissionDay(tomorrow)).toEqual({ sized_from_treasury: true });
    expect(await sql(`SELECT day, today_attack_count FROM citadel_players WHERE player_id = $1`, [free.playerId])).toEqual([
      { day: tomorrow, today_attack_count: 0 },
    ]);
    // Once for the skipped day: one budget row per game day, none for the minutes between.
    expect(await sql(`SELECT day::text FROM emission_days WHERE day >= $1 ORDER BY day`, [today])).toEqual([
      { day: today },
      { day: tomorrow },
    ]);
    // The chain's time does not move.
    expect(Math.abs((await chainTime()) - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(Date.parse(moved.machineNow) - Date.now())).toBeLessThan(60_000);
  });

  it('moved by hours, the daily schedules fire when the game day turns on the game clock', async () => {
    const before = await gameClock(stack);
    const moved = await advanceGameClock(stack, { hours: 5 });
    expect(moved.offsetMs).toBe(before.offsetMs + 5 * HOUR_MS);
    const queue = new Queue('schedules', { connection: { url: 'redis://127.0.0.1:6379' }, prefix: `${stack.redisPrefix}-bull` });
    try {
      const schedulers = await queue.getJobSchedulers();
      const reset = schedulers.find(({ key }) => key === 'citadel-daily-reset')!;
      // On the machine's clock 5 hours before 08:00 in Manila; on the game's, at 08:00.
      expect(reset.pattern).toBe('0 3 * * *');
      expect(reset.next! + moved.offsetMs).toBe(gameDay(Date.now() + moved.offsetMs).end.getTime());
    } finally {
      await queue.close();
    }
  });

  it('only moves forward: zero, negative, fractional, both units or none are refused (400) and change nothing', async () => {
    const before = await storedClock();
    const ops = opsClient(stack.apiUrl);
    const bodies: [unknown, string][] = [
      [{ days: 0 }, GameClockMessages.forwardOnly],
      [{ days: -1 }, GameClockMessages.forwardOnly],
      [{ hours: -3 }, GameClockMessages.forwardOnly],
      [{ hours: 0 }, GameClockMessages.forwardOnly],
      [{ hours: 1.5 }, GameClockMessages.forwardOnly],
      [{ days: '1' }, GameClockMessages.forwardOnly],
      [{ days: 100_000 }, GameClockMessages.forwardOnly],
      [{ hours: 1, days: 1 }, GameClockMessages.oneUnit],
      [{}, GameClockMessages.oneUnit],
    ];
    for (const [body, message] of bodies) {
      const reply = await ops.post<{ error: string }>(ApiRoutes.adminClock, body);
      expect([body, reply.status, reply.data.error]).toEqual([body, 400, message]);
    }
    const unknownField = await ops.post<{ error: string }>(ApiRoutes.adminClock, { minutes: 5 });
    expect(unknownField.status).toBe(400);
    expect(await storedClock()).toEqual(before);
  });

  it('needs the ops credentials', async () => {
    const before = await storedClock();
    const anonymous = await fetch(`${stack.apiUrl}${ApiRoutes.adminClock}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${stack.apiUrl}${ApiRoutes.adminClock}`)).status).toBe(401);
    expect(await storedClock()).toEqual(before);
  });

  it('under NODE_ENV=production answers 403 with the reason and changes nothing', async () => {
    const before = await storedClock();
    const production = await stack.startApi({ NODE_ENV: 'production', GAME_ACCOUNT_ACTIVE_KEY: 'unused-by-the-api' });
    const ops = opsClient(production);
    for (const body of [{ days: 1 }, { hours: 5 }, { days: -1 }, { nonsense: true }]) {
      const reply = await ops.post<{ error: string }>(ApiRoutes.adminClock, body);
      expect([body, reply.status, reply.data]).toEqual([body, 403, { error: GameClockMessages.productionRefused }]);
    }
    const read = await ops.get<{ error: string }>(ApiRoutes.adminClock);
    expect([read.status, read.data]).toEqual([403, { error: GameClockMessages.productionRefused }]);
    expect(await storedClock()).toEqual(before);
    const clock: GameClockResponse = await gameClock(stack);
    expect(clock.offsetMs).toBe(Number(before.offset_ms));
  });
});
