import { Client } from 'pg';
import { ApiRoutes } from '@runik/contract';
import { cityOf, CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { sendToken } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

let stack: Stack;
// Jobs of a killed worker are taken over after 2 s.
beforeAll(async () => (stack = await startStack({ engineDelayMs: 100, extraEnv: { WORKER_LOCK_DURATION_MS: '2000' } })));
afterAll(() => stack?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function depositAndWait(player: CityPlayer, amount: string): Promise<string> {
  const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', amount, '');
  expect((await player.api.post(ApiRoutes.depositInit(player.username), { amount, txId })).status).toBe(200);
  return txId;
}

async function waitCompleted(player: CityPlayer, txId: string, amount: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { data } = await player.api.get(ApiRoutes.depositCheck(txId, player.username, amount));
    if (data.status === 'completed') return;
    if (Date.now() > deadline) throw new Error(`deposit ${txId} is ${data.status}`);
    await sleep(250);
  }
}

/** Backends of this database waiting for a row lock: the worker stuck inside its transaction. */
async function lockWaiters(): Promise<number> {
  const [row] = await queryDatabase<{ n: number }>(
    stack.database.url,
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row.n;
}

describe('a worker killed inside a confirmation', () => {
  it('credits every deposit exactly once once a new worker takes over', async () => {
    // A first deposit creates the chain side's RUNIK balance row that every deposit posting updates last.
    const first = await newCityPlayer(stack, 'first');
    await waitCompleted(first, await depositAndWait(first, '1'), '1');

    // Hold that row: confirmations will stop inside their transactions, after crediting the player's leg.
    const blocker = new Client({ connectionString: stack.database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(
      `SELECT 1 FROM balances b JOIN ledger_accounts a ON a.id = b.account_id
        WHERE a.code = 'external:hive-engine' AND b.asset = 'runik' FOR UPDATE OF b`,
    );
    const players = await Promise.all(Array.from({ length: 4 }, () => newCityPlayer(stack, 'crash')));
    const deposits = await Promise.all(players.map(async (player, index) => ({ player, amount: `${index + 2}.5`, txId: await depositAndWait(player, `${index + 2}.5`) })));

    const deadline = Date.now() + 20_000;
    while ((await lockWaiters()) === 0) {
      if (Date.now() > deadline) throw new Error('no confirmation reached the held row');
      await sleep(100);
    }
    await stack.killWorker();
    await blocker.query('ROLLBACK');
    await blocker.end();
    await stack.startWorker();

    for (const { player, amount, txId } of deposits) {
      await waitCompleted(player, txId, amount);
      expect((await cityOf(player)).resources.runik).toBe(Number(amount));
    }
    const postings = await queryDatabase<{ reference: string; entries: number }>(
      stack.database.url,
      `SELECT reference, count(*)::int AS entries FROM ledger_entries WHERE reason = 'deposit' GROUP BY reference`,
    );
    expect(postings).toHaveLength(deposits.length + 1);
    for (const posting of postings) expect(posting.entries).toBe(2);
  });
});
