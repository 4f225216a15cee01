import type { ChildProcess } from 'node:child_process';
import { ApiRoutes, WalletMessages } from '@runik/contract';
import { gameDay } from '@runik/rules';
import { cityOf, CityPlayer, grant, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { startNodeProcess } from '../support/processes';
import { startStack, Stack } from '../support/stack';

/** The operators' daily caps, through the real api and worker: 10 RUNIK per account, 20 for the whole game. */
let stack: Stack;
beforeAll(
  async () =>
    (stack = await startStack({
      engineDelayMs: 100,
      extraEnv: { WITHDRAWAL_DAILY_CAP_PER_ACCOUNT: '10', WITHDRAWAL_DAILY_CAP_GAME: '20' },
    })),
);
afterAll(() => stack?.stop());

const withdraw = (player: CityPlayer, amount: unknown) => player.api.post(ApiRoutes.withdraw(player.username), { amount });
const statusOf = async (player: CityPlayer) => (await player.api.get(ApiRoutes.withdrawStatus(player.username))).data;

/** The countdown a cap message ends with, in ms. */
function countdownOf(message: string): number {
  const [, hours, minutes, seconds] = /resets in (\d+):(\d\d):(\d\d)$/.exec(message) ?? [];
  if (hours === undefined) throw new Error(`no countdown in "${message}"`);
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}

/** The time left until the game day ends (08:00 in Manila), as the server should count it. */
const untilReset = () => gameDay(Date.now()).end.getTime() - Date.now();

describe('daily withdrawal caps', () => {
  it("refuses the account's withdrawal over its cap with 429, the cap and the time until 08:00 Manila, debiting nothing", async () => {
    const player = await newPaidCityPlayer(stack, 'capacct');
    await grant(stack, player, 'runik', 20_000);
    expect((await statusOf(player)).limits).toMatchObject({
      accountCap: 10,
      accountRemaining: 10,
      gameCap: 20,
      resetsAt: gameDay(Date.now()).end.toISOString(),
    });

    const tooMuch = await withdraw(player, '10.001');
    expect(tooMuch.status).toBe(429);
    expect(tooMuch.data.error).toMatch(
      /^This withdrawal is over the daily limit of 10\.000 RUNIK per account: 10\.000 RUNIK can still be withdrawn today, the rest once the limit resets in \d+:\d\d:\d\d$/,
    );
    expect(Math.abs(countdownOf(tooMuch.data.error) - untilReset())).toBeLessThan(5_000);
    expect(Math.abs(tooMuch.data.resetsInMs - untilReset())).toBeLessThan(5_000);

    expect((await withdraw(player, '6')).status).toBe(200);
    // The N+1th of the day: 6 + 5 is over 10, and the cap speaks before the cooldown.
    const next = await withdraw(player, '5');
    expect(next.status).toBe(429);
    expect(next.data.error).toBe(WalletMessages.accountCapReached('10.000', '4.000', next.data.error.match(/\d+:\d\d:\d\d$/)[0]));
    expect(Math.abs(countdownOf(next.data.error) - untilReset())).toBeLessThan(5_000);
    // Within the cap, the cooldown still holds.
    expect((await withdraw(player, '4')).data.error).toMatch(/^Withdrawal on cooldown\./);

    expect((await statusOf(player)).limits).toMatchObject({ accountRemaining: 4 });
    expect((await cityOf(player)).resources.runik).toBe(14);
    expect((await settledWithdrawal(stack, player)).status).toBe('completed');
    expect(
      await queryDatabase(stack.database.url, `SELECT amount_thousandths::int AS amount FROM withdrawals WHERE player_id = $1`, [
        player.playerId,
      ]),
    ).toEqual([{ amount: 6_000 }]);
  });

  it("lets the game's cap be reached, never passed, by players withdrawing at once; the rest wait in line, in order, told why and when", async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => newPaidCityPlayer(stack, 'capgame')));
    await Promise.all(players.map((player) => grant(stack, player, 'runik', 5_000)));
    const left: number = (await statusOf(players[0])).limits.gameRemaining;
    expect(left).toBeGreaterThanOrEqual(10);

    const responses = await Promise.all(players.map((player) => withdraw(player, '5')));
    expect(responses.map((response) => response.status)).toEqual(players.map(() => 200));
    const sent = responses.filter((response) => response.data.status === 'pending').length;
    expect(sent).toBe(Math.floor(left / 5));
    const waiting = responses.filter((response) => response.data.status === 'queued');
    expect(waiting).toHaveLength(8 - sent);
    // Places 1, 2, ... in the order the withdrawals were taken.
    expect(waiting.map((response) => response.data.queued.position).sort((a: number, b: number) => a - b)).toEqual(
      waiting.map((_, index) => index + 1),
    );
    for (const response of waiting) {
      expect(response.data.queueReason).toMatch(
        /^Today's withdrawals for all players have reached the game's daily limit of 20\.000 RUNIK, .* \(the next in \d+:\d\d:\d\d\)\./,
      );
    }
    const [{ released }] = await queryDatabase<{ released: number }>(
      stack.database.url,
      `SELECT coalesce(sum(amount_thousandths), 0)::int AS released FROM withdrawals WHERE released_at >= $1 AND status <> 'refunded'`,
      [gameDay(Date.now()).start],
    );
    expect(released).toBeLessThanOrEqual(20_000);

    // Debited and set aside while it waits; the release tick lets nothing more go today.
    const queuedPlayer = players[responses.findIndex((response) => response.data.status === 'queued')];
    expect((await cityOf(queuedPlayer)).resources.runik).toBe(0);
    const status = await statusOf(queuedPlayer);
    expect(status.queued).toEqual([expect.objectContaining({ amount: 5 })]);
    expect(status.limits.gameRemaining).toBe((20_000 - released) / 1000);
    expect(await queryDatabase(stack.database.url, `SELECT status FROM withdrawals WHERE player_id = $1`, [queuedPlayer.playerId])).toEqual(
      [{ status: 'queued' }],
    );
  });
});

describe('the guard rails configuration', () => {
  /** Starts an app with one bad setting; resolves with its exit code and what it printed. */
  async function startWith(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const child: ChildProcess = startNodeProcess(`${stack.redisPrefix}-bad-config`, entry, {
      NODE_ENV: 'test',
      DATABASE_URL: stack.database.url,
      REDIS_PREFIX: stack.redisPrefix,
      ...env,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, output };
  }

  it.each([
    ['apps/api/src/main.ts', 'WITHDRAWAL_COVERAGE_FLOOR', '80%', 'must be a ratio greater than 0 with at most 4 decimals'],
    ['apps/worker/src/main.ts', 'WITHDRAWAL_DAILY_CAP_PER_ACCOUNT', '-10', 'must be a RUNIK amount greater than 0 with at most 3 decimals'],
  ])('%s stops at start on %s=%s, saying why', async (entry, name, value, why) => {
    const { code, output } = await startWith(entry, { [name]: value });
    expect(code).toBe(1);
    expect(output).toContain(`Invalid configuration: ${name}: ${why}, or unset (got "${value}")`);
  });
});
