import { Client } from 'pg';
import { ApiRoutes } from '@runik/contract';
import { cityOf, CityPlayer, grant, newCityPlayer, newPaidCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { engineBalance, sendToken } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

let stack: Stack;
// Jobs of a killed worker are taken over after 2 s; a signed transfer expires after 3 s and is
// signed again once the Hive node says it expired outside any block.
beforeAll(
  async () =>
    (stack = await startStack({
      engineDelayMs: 100,
      extraEnv: { WORKER_LOCK_DURATION_MS: '2000', HIVE_TRANSACTION_LIFETIME_MS: '3000' },
    })),
);
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

/** Once a statement of the worker waits for the blocker's lock (within 20 s, else `neverWaited`), kills the worker, then releases the lock. */
async function killWorkerWaitingOn(blocker: Client, neverWaited: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await lockWaiters()) === 0) {
    if (Date.now() > deadline) throw new Error(neverWaited);
    await sleep(100);
  }
  await stack.killWorker();
  await blocker.query('ROLLBACK');
  await blocker.end();
}

/**
 * Five players registered and paid through the chain, a worker killed and a new one started: under CI's load on 2 cores
 * (load average 10 to 15) this ran past Jest's 120 s (2026-11-30, and see 6b5a9c5), and the tests after it then found no
 * worker. Its own waits are bounded (20 s for the held row, 60 s per deposit).
 */
const KILLED_CONFIRMATION_TIMEOUT_MS = 300_000;

describe('a worker killed inside a confirmation', () => {
  it(
    'credits every deposit exactly once once a new worker takes over',
    async () => {
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
      const deposits = await Promise.all(
        players.map(async (player, index) => {
          const amount = `${index + 2}.5`;
          return { player, amount, txId: await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', amount, '') };
        }),
      );
      // The reports are awaited once the worker is killed: on a loaded machine the chain follower may see a transfer
      // before the api has its report, record the deposit itself and stop at the held row, and the report's insert of
      // the same deposit then waits for that transaction, which only the kill ends.
      const reports = deposits.map(({ player, amount, txId }) => player.api.post(ApiRoutes.depositInit(player.username), { amount, txId }));

      await killWorkerWaitingOn(blocker, 'no confirmation reached the held row');
      for (const report of await Promise.all(reports)) expect(report.status).toBe(200);
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
    },
    KILLED_CONFIRMATION_TIMEOUT_MS,
  );
});

describe('a worker killed while sending a withdrawal', () => {
  const rnk = async (account: string) => Number(await engineBalance(stack.simUrl, account, 'RNK'));

  async function withdrawWithWorkerStopped(
    amount: string,
  ): Promise<{ player: CityPlayer; id: number; before: number; gameBefore: number }> {
    const player = await newPaidCityPlayer(stack, 'wcrash');
    await grant(stack, player, 'runik', 50_000);
    const [before, gameBefore] = [await rnk(player.username), await rnk(GAME_ACCOUNT)];
    await stack.killWorker();
    expect((await player.api.post(ApiRoutes.withdraw(player.username), { amount })).status).toBe(200);
    const [{ id }] = await queryDatabase<{ id: string }>(stack.database.url, `SELECT id FROM withdrawals WHERE player_id = $1`, [
      player.playerId,
    ]);
    return { player, id: Number(id), before, gameBefore };
  }

  async function statusOf(id: number): Promise<string> {
    const [row] = await queryDatabase<{ status: string }>(stack.database.url, `SELECT status FROM withdrawals WHERE id = $1`, [id]);
    return row.status;
  }

  async function expectSentOnce(id: number, player: CityPlayer, amount: number, before: number, gameBefore: number): Promise<void> {
    const deadline = Date.now() + 45_000;
    while ((await statusOf(id)) !== 'completed') {
      if (Date.now() > deadline) throw new Error(`withdrawal ${id} is ${await statusOf(id)}`);
      await sleep(250);
    }
    // Give a duplicate, if any, time to land before counting.
    await sleep(1_000);
    expect(await rnk(player.username)).toBeCloseTo(before + amount, 3);
    expect(await rnk(GAME_ACCOUNT)).toBeCloseTo(gameBefore - amount, 3);
  }

  it('sends once when killed between signing and broadcasting', async () => {
    const { player, id, before, gameBefore } = await withdrawWithWorkerStopped('4.5');
    // Recording the signed transfer must wait for this lock: the worker stops before it broadcasts.
    const blocker = new Client({ connectionString: stack.database.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE withdrawals IN SHARE MODE');
    await stack.startWorker();
    await killWorkerWaitingOn(blocker, 'the worker never tried to record its transfer');
    // Its waiting statement may still record the transfer once the lock goes (PostgreSQL finishes it),
    // but nothing was broadcast: the new worker must sign again once that transfer has expired unseen.
    expect(['pending', 'sent']).toContain(await statusOf(id));
    expect(await rnk(player.username)).toBe(before);
    await stack.startWorker();
    await expectSentOnce(id, player, 4.5, before, gameBefore);
  });

  it('sends once when killed right after recording the transfer', async () => {
    const { player, id, before, gameBefore } = await withdrawWithWorkerStopped('6.25');
    await stack.startWorker();
    const deadline = Date.now() + 20_000;
    while ((await statusOf(id)) === 'pending') {
      if (Date.now() > deadline) throw new Error('the worker never recorded its transfer');
      await sleep(5);
    }
    // Killed around its broadcast: the new worker must find the transfer, or sign again only once it expired unseen.
    await stack.killWorker();
    await stack.startWorker();
    await expectSentOnce(id, player, 6.25, before, gameBefore);
  });
});
