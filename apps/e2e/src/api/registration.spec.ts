import { ApiRoutes, ErrorMessages, RegistrationInvalidReasons } from '@runik/contract';
import type { InitiateRegistrationRequest } from '@runik/contract';
import { apiClient, login, registerFree, settledStatus } from '../support/api-client';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { payRegistration, sendToken, uniqueUsername } from '../support/hive';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, Stack } from '../support/stack';

/** The sim's feed is 0.250 HBD per HIVE: 10 USD is 40 HIVE, 15 USD is 60 HIVE. */
const FEE = '40.000';
const LATE_FEE = '60.000';

let stack: Stack;
let referrer: string;
beforeAll(async () => {
  stack = await sharedStack();
  referrer = uniqueUsername('ref');
  await registerFree(apiClient(stack.apiUrl), referrer);
});
afterAll(() => stack?.stop());

/** The follower's verdict on a transfer to the game account once it is final (its refund, if any, in a block). */
async function finalStatusOf(transactionId: string): Promise<string | undefined> {
  const statusOf = async () =>
    (
      await queryDatabase<{ status: string }>(stack.database.url, 'SELECT status FROM chain_transfers WHERE transaction_id = $1', [
        transactionId,
      ])
    )[0]?.status;
  return eventually(statusOf, (status) => status !== undefined && !['waiting', 'unmatched'].includes(status), 30_000);
}

function initiate(body: InitiateRegistrationRequest) {
  return apiClient(stack.apiUrl).post(ApiRoutes.initiateRegistration, body);
}

async function playerRow(username: string) {
  const [row] = await queryDatabase<{ activation: string; referrer: string }>(
    stack.database.url,
    'SELECT activation, referrer FROM players WHERE hive_username = $1',
    [username],
  );
  return row;
}

describe('registration fee and balance', () => {
  it('prices 10 USD in HIVE at the median feed, rounded up to 3 decimals', async () => {
    const response = await apiClient(stack.apiUrl).get(ApiRoutes.hivePrice);
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ feeInHive: FEE });
  });

  it('reads the SWAP.HIVE balance from Hive Engine as a string', async () => {
    const response = await apiClient(stack.apiUrl).get(ApiRoutes.hiveBalance(uniqueUsername('bal')));
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ balance: '100.00000000' });
  });
});

describe('paid registration', () => {
  it('is confirmed by the worker from a real transfer, then the player logs in', async () => {
    const username = uniqueUsername('paid');
    const transactionId = await payRegistration(stack.simUrl, username, FEE, referrer);
    const response = await initiate({ hiveUsername: username, transactionId, referrer, feeInHive: FEE });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, status: 'pending', transactionId });

    expect(await settledStatus(apiClient(stack.apiUrl), transactionId)).toEqual({
      status: 'confirmed',
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    expect(await playerRow(username)).toEqual({ activation: 'paid', referrer });
    const session = await login(apiClient(stack.apiUrl), username);
    expect(session.hiveUsername).toBe(username);

    const [city] = await queryDatabase(
      stack.database.url,
      'SELECT ch_level FROM cities c JOIN players p ON p.id = c.player_id WHERE p.hive_username = $1',
      [username],
    );
    expect(city).toEqual({ ch_level: 1 });
  });

  it('registers once when the same initiate is sent 20 times at once', async () => {
    const username = uniqueUsername('race');
    const transactionId = await payRegistration(stack.simUrl, username, FEE);
    const body = { hiveUsername: username, transactionId, referrer: '', feeInHive: FEE };
    const responses = await Promise.all(Array.from({ length: 20 }, () => initiate(body)));
    // Each call answers 200 (the one record), except that the chain follower may activate the account from the
    // transfer while the calls run: a call that looked for its record before the follower wrote it and for the
    // player after finds a paid account and answers 409 'already registered' (RegistrationService.initiate reads
    // in that order). Either way the account is registered once (below).
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.data])).toEqual(refused.map(() => [409, { error: ErrorMessages.alreadyRegistered }]));

    expect(await settledStatus(apiClient(stack.apiUrl), transactionId)).toMatchObject({ status: 'confirmed' });
    const rows = await queryDatabase(stack.database.url, 'SELECT status FROM registrations WHERE transaction_id = $1', [transactionId]);
    expect(rows).toEqual([{ status: 'confirmed' }]);
    const players = await queryDatabase(stack.database.url, 'SELECT id FROM players WHERE hive_username = $1', [username]);
    expect(players).toHaveLength(1);
    // The starting resources were minted exactly once.
    const entries = await queryDatabase(
      stack.database.url,
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        JOIN players p ON p.id = a.player_id WHERE p.hive_username = $1`,
      [username],
    );
    expect(entries).toEqual([{ n: 4 }]);
    expect((await initiate(body)).data).toMatchObject({ status: 'confirmed' });
  });

  it.each([
    [
      'a wrong recipient',
      async (user: string) => payRegistration(stack.simUrl, user, FEE, '', 'someone.else'),
      RegistrationInvalidReasons.wrongRecipient,
      false,
    ],
    [
      'an amount under the fee',
      async (user: string) => payRegistration(stack.simUrl, user, '39.999'),
      RegistrationInvalidReasons.underpaid,
      true,
    ],
    [
      'a transfer that failed on Hive Engine',
      async (user: string) => payRegistration(stack.simUrl, user, '500.000'),
      RegistrationInvalidReasons.failed,
      false,
    ],
    [
      'another token',
      async (user: string) => sendToken(stack.simUrl, user, GAME_ACCOUNT, 'RNK', '100.000', 'runik-registration:'),
      RegistrationInvalidReasons.wrongOperation,
      true,
    ],
    [
      'a memo that is no registration',
      async (user: string) => sendToken(stack.simUrl, user, GAME_ACCOUNT, 'SWAP.HIVE', FEE, 'hello'),
      RegistrationInvalidReasons.wrongMemo,
      true,
    ],
  ])('marks %s invalid and creates no account', async (_case, pay, reason, reachesGame) => {
    const username = uniqueUsername('bad');
    const transactionId = await pay(username);
    expect((await initiate({ hiveUsername: username, transactionId, referrer: '', feeInHive: FEE })).status).toBe(200);
    expect(await settledStatus(apiClient(stack.apiUrl), transactionId)).toMatchObject({ status: 'invalid', error: reason });
    expect(await playerRow(username)).toBeUndefined();
    // What reached the game account goes back to its sender, waited for here: later files on the shared stack count
    // the game account's RNK (withdraw.spec), which the refund of 'another token' would move under them.
    if (reachesGame) expect(await finalStatusOf(transactionId)).toBe('refunded');
  });

  it('takes the referrer from the memo, whatever referrer the report named', async () => {
    const username = uniqueUsername('memo');
    const transactionId = await payRegistration(stack.simUrl, username, FEE, referrer);
    expect((await initiate({ hiveUsername: username, transactionId, referrer: '', feeInHive: FEE })).status).toBe(200);
    expect(await settledStatus(apiClient(stack.apiUrl), transactionId)).toEqual({
      status: 'confirmed',
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    expect(await playerRow(username)).toMatchObject({ referrer, activation: 'paid' });
  });

  it("does not let a second player reuse someone's transaction", async () => {
    const payer = uniqueUsername('payer');
    const thief = uniqueUsername('thief');
    const transactionId = await payRegistration(stack.simUrl, payer, FEE);
    await initiate({ hiveUsername: payer, transactionId, referrer: '', feeInHive: FEE });
    expect(await settledStatus(apiClient(stack.apiUrl), transactionId)).toMatchObject({ status: 'confirmed' });

    expect((await initiate({ hiveUsername: thief, transactionId, referrer: '', feeInHive: FEE })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [theft] = await queryDatabase(
      stack.database.url,
      'SELECT status, error FROM registrations WHERE transaction_id = $1 AND hive_username = $2',
      [transactionId, thief],
    );
    expect(theft).toMatchObject({ status: 'invalid', error: RegistrationInvalidReasons.wrongSender });
    expect(await playerRow(thief)).toBeUndefined();
  });

  it('activates a free account at the late fee (15 USD) and refuses a paid one', async () => {
    const username = uniqueUsername('late');
    await registerFree(apiClient(stack.apiUrl), username);
    const under = await payRegistration(stack.simUrl, username, FEE);
    await initiate({ hiveUsername: username, transactionId: under, referrer: '', feeInHive: FEE });
    expect(await settledStatus(apiClient(stack.apiUrl), under)).toMatchObject({
      status: 'invalid',
      error: RegistrationInvalidReasons.underpaid,
    });

    const paid = await payRegistration(stack.simUrl, username, LATE_FEE);
    await initiate({ hiveUsername: username, transactionId: paid, referrer: '', feeInHive: LATE_FEE });
    expect(await settledStatus(apiClient(stack.apiUrl), paid)).toMatchObject({ status: 'confirmed' });
    expect((await playerRow(username)).activation).toBe('paid');

    const again = await payRegistration(stack.simUrl, username, FEE);
    const response = await initiate({ hiveUsername: username, transactionId: again, referrer: '', feeInHive: FEE });
    expect(response.status).toBe(409);
    expect(response.data).toEqual({ error: ErrorMessages.alreadyRegistered });
  });

  it('answers 404 for the status of an unknown transaction', async () => {
    const response = await apiClient(stack.apiUrl).get(ApiRoutes.transactionStatus('f'.repeat(40)));
    expect(response.status).toBe(404);
    expect(response.data).toEqual({ error: ErrorMessages.transactionNotFound });
  });
});
