import { ApiRoutes } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { cityOf, grant, newCityPlayer, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { eventually } from '../support/eventually';
import { engineBalance, sendToken } from '../support/hive';
import { sleep } from '../support/swap-hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';
import { startTcpProxy, TcpProxy } from '../support/tcp-proxy';

/**
 * PostgreSQL, then Redis, out of reach for 20 s under load: the api says so (503 with
 * Retry-After and a message), never 500, answers every call, and recovers by itself; the payments
 * pending meanwhile (a withdrawal, a deposit made on chain during the outage) all complete after.
 * The outage is a cut of one api's and the worker's connections through a relay (connections
 * dropped, new ones refused), so the machine's PostgreSQL and Redis, shared with the other test
 * files, stay up.
 */
const OUTAGE_MS = 20_000;
let stack: Stack;
let database: TcpProxy;
let redis: TcpProxy;
let apiUrl: string;
beforeAll(async () => {
  stack = await startStack();
  [database, redis] = await Promise.all([startTcpProxy(5432), startTcpProxy(6379)]);
  const databaseUrl = new URL(stack.database.url);
  databaseUrl.port = String(database.port);
  const throughRelays = { DATABASE_URL: databaseUrl.toString(), REDIS_URL: `redis://127.0.0.1:${redis.port}` };
  apiUrl = await stack.startApi(throughRelays);
  await stack.killWorker();
  await stack.startWorker(throughRelays);
});
afterAll(async () => {
  await stack?.stop();
  await Promise.all([database?.close(), redis?.close()]);
});

interface Answer {
  status: number | 'unanswered';
  retryAfter?: string;
  error?: unknown;
}

/** Calls a player makes all the time (reads and a harvest), in rounds of five at once, for `ms`. */
async function underLoad(token: string, username: string, ms: number): Promise<Answer[]> {
  const api = apiClient(apiUrl, token);
  api.defaults.timeout = 15_000;
  const calls = [
    () => api.get(ApiRoutes.cityResources(username)),
    () => api.get(ApiRoutes.cityConstants),
    () => api.post(ApiRoutes.cityHarvest(username)),
    () => api.get(ApiRoutes.allianceList),
    () => api.get(ApiRoutes.referredPlayers(username)),
  ];
  const answers: Answer[] = [];
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const round = await Promise.all(
      calls.map((call) =>
        call().then(
          (response): Answer => ({ status: response.status, retryAfter: response.headers['retry-after'], error: response.data?.error }),
          (): Answer => ({ status: 'unanswered' }),
        ),
      ),
    );
    answers.push(...round);
    await sleep(100);
  }
  return answers;
}

const statuses = (answers: Answer[]) => [...new Set(answers.map((answer) => answer.status))].sort();

describe.each([
  ['PostgreSQL', () => database],
  ['Redis', () => redis],
])('%s out of reach', (_service, proxy) => {
  it('answers 503 with Retry-After, never 500, recovers by itself and completes the payments left pending', async () => {
    const player = await newCityPlayer(stack, 'outg');
    const token = String(player.api.defaults.headers.Authorization).replace('Bearer ', '');
    expect(statuses(await underLoad(token, player.username, 1_000)).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    const withdrawer = await newPaidCityPlayer(stack, 'outw');
    await grant(stack, withdrawer, 'runik', 2_000);
    const rnkBefore = Number(await engineBalance(stack.simUrl, withdrawer.username, 'RNK'));

    await proxy().cut();
    // Asked for just as the worker lost its connection, and a deposit made on chain meanwhile,
    // reported through the api that is cut off.
    expect((await withdrawer.api.post(ApiRoutes.withdraw(withdrawer.username), { amount: 2 })).status).toBe(200);
    const depositTx = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '1.500', 'deposit');
    const report = await apiClient(apiUrl, token).post(ApiRoutes.depositInit(player.username), { amount: '1.5', txId: depositTx });
    expect([200, 503]).toContain(report.status);
    const during = await underLoad(token, player.username, OUTAGE_MS).finally(() => proxy().restore());
    expect(statuses(during)).toEqual(expect.arrayContaining([503]));
    expect(during.filter((answer) => answer.status !== 503 && answer.status !== 200 && answer.status !== 429)).toEqual([]);
    for (const answer of during.filter((candidate) => candidate.status === 503)) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(typeof answer.error).toBe('string');
    }

    // Back by itself, without a restart.
    const deadline = Date.now() + 20_000;
    let after: Answer[] = [];
    while (Date.now() < deadline) {
      after = await underLoad(token, player.username, 500);
      if (after.every((answer) => answer.status === 200 || answer.status === 429)) break;
    }
    expect(statuses(after).filter((status) => status !== 200 && status !== 429)).toEqual([]);

    // Every payment pending during the outage completed, once.
    expect(
      await eventually(
        async () => (await cityOf(player)).resources.runik,
        (runik) => runik === 1.5,
        30_000,
      ),
    ).toBe(1.5);
    expect((await settledWithdrawal(stack, withdrawer)).status).toBe('completed');
    expect(Number(await engineBalance(stack.simUrl, withdrawer.username, 'RNK'))).toBe(rnkBefore + 2);
  }, 180_000);
});
