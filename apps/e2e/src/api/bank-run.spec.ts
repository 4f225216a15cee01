import { ApiRoutes } from '@runik/contract';
import { cityOf, CityPlayer, grant, newPaidCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { engineBalance, sendToken, uniqueUsername } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * Solvency under a bank run (issue 29), against the real api, worker and hive-sim, with the guard
 * rails production runs with (coverage floor 1): every paid player asks for all their RUNIK at once
 * while the game account holds less RNK than they are owed. Each withdrawal is sent or waits in
 * line, oldest first; none is lost or sent twice; Hive Engine refuses none for lack of balance; the
 * game account never sends more RNK than it holds. An operator's top-up then lets the line go.
 */
const FUNDER = uniqueUsername('fund');
const PLAYERS = 12;
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    engineDelayMs: 100,
    extraEnv: { WITHDRAWAL_COVERAGE_FLOOR: '1', WITHDRAWAL_QUEUE_CHECK_MS: '1000', TREASURY_ACCOUNTS: FUNDER },
  });
});
afterAll(() => stack?.stop());

const rnk = async (account: string) => Math.round(Number(await engineBalance(stack.simUrl, account, 'RNK')) * 1000);
const withdrawals = () =>
  queryDatabase<{ id: number; player_id: string; amount: number; status: string; transaction_id: string | null }>(
    stack.database.url,
    `SELECT id::int, player_id, amount_thousandths::int AS amount, status, transaction_id FROM withdrawals ORDER BY id`,
  );

describe('a bank run', () => {
  let players: CityPlayer[];
  let treasuryBefore: number;

  it('sends what the treasury covers, queues the rest in order, and never sends more RNK than the game account holds', async () => {
    treasuryBefore = await rnk(GAME_ACCOUNT);
    players = await Promise.all(Array.from({ length: PLAYERS }, () => newPaidCityPlayer(stack, 'run')));
    // Owed more than held: each player holds a twelfth of 1.5 times the treasury.
    const each = Math.floor((treasuryBefore * 1.5) / PLAYERS);
    await Promise.all(players.map((player) => grant(stack, player, 'runik', each)));

    const responses = await Promise.all(
      players.map((player) => player.api.post(ApiRoutes.withdraw(player.username), { amount: (each / 1000).toFixed(3) })),
    );
    expect(responses.map((response) => response.status)).toEqual(players.map(() => 200));
    expect(new Set(responses.map((response) => response.data.status))).toEqual(new Set(['queued']));
    for (const player of players) expect((await cityOf(player)).resources.runik).toBe(0);

    // Whatever the worker does meanwhile, nothing leaves: the treasury covers less than what is owed.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await withdrawals()).every((row) => row.status === 'queued')).toBe(true);
    expect(await rnk(GAME_ACCOUNT)).toBe(treasuryBefore);
  });

  it('lets the line go oldest first once an operator tops the treasury up, each sent exactly once, none refused by Hive Engine', async () => {
    const owed = (await withdrawals()).reduce((sum, row) => sum + row.amount, 0);
    const topUp = owed - treasuryBefore + 1_000;
    await sendToken(stack.simUrl, FUNDER, GAME_ACCOUNT, 'RNK', (topUp / 1000).toFixed(3), 'treasury top-up');
    const done = await eventually(withdrawals, (rows) => rows.every((row) => row.status === 'completed'), 90_000);
    expect(done.map((row) => row.status)).toEqual(done.map(() => 'completed'));
    // One chain transfer each, the amounts asked: none twice, none refunded.
    expect(new Set(done.map((row) => row.transaction_id)).size).toBe(PLAYERS);
    const [{ refunds }] = await queryDatabase<{ refunds: number }>(
      stack.database.url,
      `SELECT count(*)::int AS refunds FROM ledger_entries WHERE reason = 'withdrawal-refund'`,
    );
    expect(refunds).toBe(0);
    for (const player of players) expect(Number(await engineBalance(stack.simUrl, player.username, 'RNK'))).toBeGreaterThan(1000);
    // The game account paid out exactly what was owed, from what it held.
    expect(await rnk(GAME_ACCOUNT)).toBe(treasuryBefore + topUp - owed);
  });
});
