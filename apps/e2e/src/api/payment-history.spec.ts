import { ApiRoutes, packPaymentMemo, shopPaymentMemo } from '@runik/contract';
import type { PaymentHistoryEntry, PaymentHistoryResponse } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { sendToken } from '../support/hive';
import { hivePrice } from '../support/packs';
import { ITEMS } from '../support/shop';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, Stack } from '../support/stack';
import { paySwapHive } from '../support/swap-hive';

/**
 * GET /api/city/payments/{username}: the player's payments as the chain follower recorded them,
 * credited whether or not the client reported them, or refunded with the reason and the refund's
 * transaction; nobody else's.
 */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

async function historyOf(player: CityPlayer, offset = 0): Promise<PaymentHistoryResponse> {
  const response = await player.api.get<PaymentHistoryResponse>(ApiRoutes.paymentHistory(player.username, offset));
  if (response.status !== 200)
    throw new Error(`payment history of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** The player's entry for `txId` once it has left `pending` (and a refund's has reached a block). */
async function settledEntry(player: CityPlayer, txId: string): Promise<PaymentHistoryEntry | undefined> {
  const entryOf = async () => (await historyOf(player)).payments.find((payment) => payment.transactionId === txId);
  return eventually(entryOf, (entry) => entry?.status === 'credited' || entry?.refund?.state === 'sent', 30_000);
}

/**
 * The game's transfers back to `recipient`, as the follower recorded them: when it reads the refund's block, which may
 * be after the history shows the refund sent (Hive Engine's word).
 */
const refundsTo = (recipient: string) =>
  eventually(
    () =>
      queryDatabase<{ transaction_id: string; memo: string; quantity: string }>(
        stack.database.url,
        `SELECT transaction_id, memo, quantity FROM chain_transfers WHERE status = 'outgoing' AND recipient = $1`,
        [recipient],
      ),
    (rows) => rows.length > 0,
    30_000,
  );

describe('the payment history', () => {
  it('shows an RNK deposit the client never reported as credited, with its block time', async () => {
    const player = await newCityPlayer(stack, 'phdep');
    expect(await historyOf(player)).toEqual({ payments: [], hasMore: false });
    const sentAt = Date.now();
    const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '4.250', 'deposit');

    const entry = await settledEntry(player, txId);
    expect(entry).toEqual({
      transactionId: txId,
      logIndex: 0,
      time: expect.any(String),
      symbol: 'RNK',
      quantity: '4.250',
      paidFor: 'deposit',
      shopItem: null,
      packCount: null,
      status: 'credited',
      refund: null,
    });
    expect(Math.abs(Date.parse(entry?.time ?? '') - sentAt)).toBeLessThan(60_000);
  });

  it('shows an unmatched SWAP.HIVE payment refunded with its reason and the refund transaction, newest first', async () => {
    const player = await newCityPlayer(stack, 'phref');
    const packs = await paySwapHive(stack, player.username, hivePrice(1), packPaymentMemo(player.username, 1));
    expect(await settledEntry(player, packs)).toMatchObject({ paidFor: 'packs', packCount: 1, status: 'credited', refund: null });
    const unknownMemo = await paySwapHive(stack, player.username, '1.500', 'thanks for the game');

    const refunded = await settledEntry(player, unknownMemo);
    const [refund] = await refundsTo(player.username);
    expect(refund).toMatchObject({ memo: 'Runik refund: A SWAP.HIVE memo the game does not know', quantity: '1.500' });
    expect(refunded).toEqual({
      transactionId: unknownMemo,
      logIndex: 0,
      time: expect.any(String),
      symbol: 'SWAP.HIVE',
      quantity: '1.500',
      paidFor: 'unmatched',
      shopItem: null,
      packCount: null,
      status: 'refunded',
      refund: { reason: 'unknown-memo', state: 'sent', transactionId: refund.transaction_id },
    });

    const { payments, hasMore } = await historyOf(player);
    expect(payments.map((payment) => payment.transactionId)).toEqual([unknownMemo, packs]);
    expect(hasMore).toBe(false);
    expect((await historyOf(player, 1)).payments.map((payment) => payment.transactionId)).toEqual([packs]);
    expect(await historyOf(player, 2)).toEqual({ payments: [], hasMore: false });
  });

  it.each([
    ['packs of the wrong amount', (username: string) => ({ quantity: '2.000', memo: packPaymentMemo(username, 1) }), 'wrong-quantity'],
    [
      'a shop memo naming another account',
      () => ({ quantity: ITEMS.pouch.price, memo: shopPaymentMemo('someoneelse', ITEMS.pouch.name) }),
      'memo-names-another-account',
    ],
    [
      'a shop item that does not exist',
      (username: string) => ({ quantity: '1.000', memo: shopPaymentMemo(username, 'Golden Goose') }),
      'unknown-shop-item',
    ],
  ])('gives the reason code of %s', async (_kind, payment, reason) => {
    const player = await newCityPlayer(stack, 'phwhy');
    const { quantity, memo } = payment(player.username);
    const txId = await paySwapHive(stack, player.username, quantity, memo);
    expect(await settledEntry(player, txId)).toMatchObject({ status: 'refunded', paidFor: 'unmatched', refund: { reason, state: 'sent' } });
  });

  it('names the shop item a payment bought', async () => {
    const player = await newCityPlayer(stack, 'phshop');
    const txId = await paySwapHive(stack, player.username, ITEMS.crate.price, shopPaymentMemo(player.username, ITEMS.crate.name));
    expect(await settledEntry(player, txId)).toMatchObject({
      paidFor: 'shop-item',
      shopItem: ITEMS.crate.name,
      quantity: ITEMS.crate.price,
      status: 'credited',
    });
  });

  it('is documented in the OpenAPI document with its path and offset parameters', async () => {
    const { paths } = (await apiClient(stack.apiUrl).get('/api/docs-json')).data;
    const operation = paths['/api/city/payments/{username}']?.get;
    expect(operation).toMatchObject({
      tags: ['Payments'],
      summary: "The player's payment history",
      security: [{ bearer: [] }],
      responses: { '200': { description: expect.stringContaining('`{ payments, hasMore }`') } },
    });
    expect(operation.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'username', in: 'path', required: true }),
        expect.objectContaining({ name: 'offset', in: 'query', required: false }),
      ]),
    );
  });

  it("is the session owner's only: another player's is 403, a bad username or offset 4xx, no session 401", async () => {
    const [owner, stranger] = await Promise.all([newCityPlayer(stack, 'phown'), newCityPlayer(stack, 'phstr')]);
    // Credited before the test goes on, so that it does not land in a later file's checks on the shared stack.
    await settledEntry(owner, await sendToken(stack.simUrl, owner.username, GAME_ACCOUNT, 'RNK', '1.000', ''));

    const theirs = await stranger.api.get(ApiRoutes.paymentHistory(owner.username));
    expect(theirs.status).toBe(403);
    expect(theirs.data).toEqual({ error: expect.any(String) });
    expect((await apiClient(stack.apiUrl).get(ApiRoutes.paymentHistory(owner.username))).status).toBe(401);

    for (const username of ['BAD NAME', 'a', 'x'.repeat(40)]) {
      const response = await owner.api.get(ApiRoutes.paymentHistory(username));
      expect([username, response.status]).toEqual([username, expect.any(Number)]);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const path = ApiRoutes.paymentHistory(owner.username);
    for (const query of ['offset=-1', 'offset=1.5', 'offset=abc', 'offset=1&offset=2', 'limit=5']) {
      const response = await owner.api.get(`${path}?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
    }
  });
});
