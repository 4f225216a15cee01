import { Client } from 'pg';
import { ApiRoutes, ErrorMessages, type DepositCheckResponse, type TransactionStatusResponse } from '@runik/contract';
import { FOLLOWER_LOCK } from '@runik/server';
import { apiClient } from '../support/api-client';
import { cityOf, reportRegistration } from '../support/city';
import { eventually } from '../support/eventually';
import { payRegistration, sendToken, uniqueUsername } from '../support/hive';
import { listen, newSocketPlayer, refusalOf, type Listener } from '../support/push';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, Stack } from '../support/stack';

/**
 * Issue 35: a payment's screens show its steps (sent, seen on chain, credited). "Seen on chain" is the
 * chain follower's record of the transfer before its settlement credits it; the test holds each part
 * with the locks the product itself takes, so the states are seen in order without betting on timing.
 */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

/** A PostgreSQL session of the test's own, holding locks until released. */
async function holder(): Promise<Client> {
  const client = new Client({ connectionString: stack.database.url });
  await client.connect();
  return client;
}

/** Takes the follower's lock (one follower of all workers): while held, no block is recorded. */
async function holdFollower(): Promise<{ release: () => Promise<void> }> {
  const client = await holder();
  await client.query('SELECT pg_advisory_lock($1)', [FOLLOWER_LOCK]);
  return {
    release: async () => {
      await client.query('SELECT pg_advisory_unlock($1)', [FOLLOWER_LOCK]);
      await client.end();
    },
  };
}

/** Locks a balance row every deposit's credit writes (the chain's side of the ledger): the settlement waits on it. */
async function holdDepositCredits(): Promise<{ release: () => Promise<void> }> {
  const client = await holder();
  await client.query('BEGIN');
  const { rowCount } = await client.query(
    `SELECT 1 FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.code = 'external:hive-engine' AND b.asset = 'runik' FOR UPDATE`,
  );
  expect(rowCount).toBe(1);
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

const heardSeen = (listener: Listener, transactionId: string) =>
  eventually(
    async () => listener.seenPayments.filter((seen) => seen.transactionId === transactionId),
    (seen) => seen.length > 0,
    20_000,
  );

describe('a payment seen on chain before it is credited', () => {
  it('deposit: the check says seenOnChain and the payer hears payment-seen while the credit waits, then completed', async () => {
    // A first deposit makes the chain's side of the ledger exist (a new stack has none; a shared one may have it already).
    const first = await newSocketPlayer(stack, 'stepfirst');
    const firstTx = await sendToken(stack.simUrl, first.username, GAME_ACCOUNT, 'RNK', '1.000', 'deposit');
    await first.api.post(ApiRoutes.depositInit(first.username), { amount: '1', txId: firstTx });
    await eventually(
      () => cityOf(first),
      (city) => city.resources.runik === 1,
    );

    const player = await newSocketPlayer(stack, 'stepdep');
    const listener = await listen(stack.apiUrl, { token: player.token });
    const check = async (txId: string) =>
      (await player.api.get<DepositCheckResponse>(ApiRoutes.depositCheck(txId, player.username, '2.500'))).data;
    try {
      const follower = await holdFollower();
      const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '2.500', 'deposit');
      expect((await player.api.post(ApiRoutes.depositInit(player.username), { amount: '2.5', txId })).data).toEqual({
        status: 'pending',
        transactionId: txId,
      });
      // Sent, not seen: the follower records nothing while its lock is held.
      expect(await check(txId)).toEqual({ status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: expect.any(Boolean) });

      const credits = await holdDepositCredits();
      await follower.release();
      // Recorded (pushed once that commits), its credit waiting on the ledger row.
      const [seen] = await heardSeen(listener, txId);
      expect(seen).toBeDefined();
      expect(await check(txId)).toEqual({ status: 'pending', error: null, seenOnChain: true, awaitingHiveEngine: false });
      expect(listener.received.filter(({ notification }) => notification.kind === 'deposit-credited')).toEqual([]);

      await credits.release();
      const credited = await listener.next(
        (notification) => notification.kind === 'deposit-credited' && notification.data.transactionId === txId,
        20_000,
      );
      expect(credited.at).toBeGreaterThanOrEqual(seen.at);
      expect(await check(txId)).toEqual({ status: 'completed', error: null, seenOnChain: true, awaitingHiveEngine: false });
      expect((await cityOf(player)).resources.runik).toBe(2.5);
      // Heard once, and only the payer's socket heard it.
      expect(listener.seenPayments.filter((entry) => entry.transactionId === txId)).toHaveLength(1);
    } finally {
      listener.socket.close();
    }
  });

  it('registration: a visitor’s socket for the payment hears it seen on chain, then its registration confirmed', async () => {
    const username = uniqueUsername('stepreg');
    const anonymous = apiClient(stack.apiUrl);
    const status = async (txId: string) => (await anonymous.get<TransactionStatusResponse>(ApiRoutes.transactionStatus(txId))).data;
    const follower = await holdFollower();
    let released = false;
    const watchers: Listener[] = [];
    try {
      const txId = await payRegistration(stack.simUrl, username, '40.000');
      expect((await reportRegistration(stack, username, txId)).status).toBe(200);
      const watcher = await listen(stack.apiUrl, { payment: txId });
      // Another visitor watching another payment hears nothing of this one.
      const bystander = await listen(stack.apiUrl, { payment: 'a'.repeat(40) });
      watchers.push(watcher, bystander);
      expect(await status(txId)).toEqual({ status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: expect.any(Boolean) });

      await follower.release();
      released = true;
      const [seen] = await heardSeen(watcher, txId);
      const confirmed = await watcher.next(
        (notification) => notification.kind === 'registration-confirmed' && notification.data.transactionId === txId,
        20_000,
      );
      expect(confirmed.at).toBeGreaterThanOrEqual(seen.at);
      expect(await status(txId)).toEqual({ status: 'confirmed', error: null, seenOnChain: true, awaitingHiveEngine: false });
      expect(bystander.seenPayments).toEqual([]);
      expect(bystander.received).toEqual([]);
    } finally {
      if (!released) await follower.release();
      for (const { socket } of watchers) socket.close();
    }
  });

  it('refuses a visitor’s socket for something that is not a transaction id', async () => {
    expect(await refusalOf(stack.apiUrl, { payment: 'not-a-transaction' })).toBe(ErrorMessages.invalidPaymentWatch);
  });
});
