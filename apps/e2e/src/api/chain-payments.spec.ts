import axios from 'axios';
import { ApiRoutes, packPaymentMemo, RegistrationInvalidReasons, shopPaymentMemo, SwapHivePaymentFailures } from '@runik/contract';
import type { InitiateRegistrationResponse, TransactionStatusResponse } from '@runik/contract';
import { registrationMemo, shopItem } from '@runik/rules';
import { apiClient, login, settledStatus } from '../support/api-client';
import { newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { payRegistration, uniqueUsername } from '../support/hive';
import { hivePrice, pendingOf } from '../support/packs';
import { ITEMS, shopPurchaseRows } from '../support/shop';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';
import { paySwapHive, swapHiveOf } from '../support/swap-hive';

/**
 * SWAP.HIVE payments settled from the chain itself: a registration fee, packs or a shop item paid
 * to the game account counts whether or not the client reported it, a report can no longer spoil
 * it, and what pays for nothing goes back to its sender, once.
 */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

interface RecordedTransfer {
  status: string;
  matched: string | null;
  reason: string | null;
}

const recorded = (txId: string) =>
  queryDatabase<RecordedTransfer>(stack.database.url, `SELECT status, matched, reason FROM chain_transfers WHERE transaction_id = $1`, [
    txId,
  ]);
/** The transfer once the follower has settled it for good (credited, or its refund is in a block). */
const settled = async (txId: string) =>
  (
    await eventually(
      () => recorded(txId),
      ([row]) => row?.status === 'credited' || row?.status === 'refunded',
      30_000,
    )
  )[0];
const playerRow = async (username: string) =>
  (
    await queryDatabase<{ referrer: string; activation: string }>(
      stack.database.url,
      `SELECT referrer, activation FROM players WHERE hive_username = $1`,
      [username],
    )
  )[0];
const setPriceFeed = (base: string) => axios.post(`${stack.simUrl}/dev/price-feed`, { base, quote: '1.000 HIVE' });

describe('registration fees from the chain', () => {
  it('registers an account whose payment was never reported, with the referrer its memo names', async () => {
    const referrer = await newCityPlayer(stack, 'ref');
    const username = uniqueUsername('silent');
    const txId = await payRegistration(stack.simUrl, username, '40.000', referrer.username);

    expect(await settled(txId)).toEqual({ status: 'credited', matched: expect.stringMatching(/^registration:\d+$/), reason: null });
    expect(await playerRow(username)).toEqual({ referrer: referrer.username, activation: 'paid' });
    expect((await apiClient(stack.apiUrl).get<TransactionStatusResponse>(ApiRoutes.transactionStatus(txId))).data).toEqual({
      status: 'confirmed',
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    await login(apiClient(stack.apiUrl), username);
  });

  it("registers the victim with the memo's referrer when a stranger reported the payment first with another referrer", async () => {
    const [referrer, strangersPick] = await Promise.all([newCityPlayer(stack, 'ref'), newCityPlayer(stack, 'pick')]);
    const victim = uniqueUsername('victim');
    const txId = await payRegistration(stack.simUrl, victim, '40.000', referrer.username);
    const report = (referrerName: string) =>
      apiClient(stack.apiUrl).post<InitiateRegistrationResponse>(ApiRoutes.initiateRegistration, {
        hiveUsername: victim,
        transactionId: txId,
        referrer: referrerName,
        feeInHive: '40.000',
      });
    expect((await report(strangersPick.username)).status).toBe(200);

    expect((await settledStatus(apiClient(stack.apiUrl), txId)).status).toBe('confirmed');
    expect(await playerRow(victim)).toEqual({ referrer: referrer.username, activation: 'paid' });
    // The victim's own report answers the confirmed registration, not a spoiled one.
    expect((await report(referrer.username)).data).toEqual({ success: true, status: 'confirmed', transactionId: txId });
    expect(await settled(txId)).toMatchObject({ status: 'credited' });
  });

  it('holds the quoted fee after the price moved, and sends back a payment below every quote', async () => {
    const username = uniqueUsername('quote');
    expect((await apiClient(stack.apiUrl).get(ApiRoutes.hivePrice)).data).toEqual({ feeInHive: '40.000' });
    // The price falls: the fee is now 50 HIVE, but the 40 quoted a moment ago still pays.
    await setPriceFeed('0.200 HBD');
    try {
      expect((await apiClient(stack.apiUrl).get(ApiRoutes.hivePrice)).data).toEqual({ feeInHive: '50.000' });
      const paid = await payRegistration(stack.simUrl, username, '40.000');
      expect(await settled(paid)).toMatchObject({ status: 'credited' });
      expect(await playerRow(username)).toMatchObject({ activation: 'paid' });

      const short = uniqueUsername('short');
      const before = await swapHiveOf(stack, short);
      const underpaid = await payRegistration(stack.simUrl, short, '39.999');
      await apiClient(stack.apiUrl).post(ApiRoutes.initiateRegistration, {
        hiveUsername: short,
        transactionId: underpaid,
        referrer: '',
        feeInHive: '39.999',
      });
      expect(await settled(underpaid)).toEqual({ status: 'refunded', matched: null, reason: RegistrationInvalidReasons.underpaid });
      expect(await swapHiveOf(stack, short)).toBe(before);
      expect(await playerRow(short)).toBeUndefined();
      expect((await settledStatus(apiClient(stack.apiUrl), underpaid)).error).toBe(RegistrationInvalidReasons.underpaid);
    } finally {
      await setPriceFeed('0.250 HBD');
    }
  });

  it('sends back a second registration payment from an account already activated', async () => {
    const username = uniqueUsername('twice');
    const first = await payRegistration(stack.simUrl, username, '40.000');
    expect(await settled(first)).toMatchObject({ status: 'credited' });
    const balance = await swapHiveOf(stack, username);
    const second = await payRegistration(stack.simUrl, username, '40.000');
    expect(await settled(second)).toEqual({ status: 'refunded', matched: null, reason: RegistrationInvalidReasons.alreadyPaid });
    expect(await swapHiveOf(stack, username)).toBe(balance);
  });
});

describe('pack and shop payments from the chain', () => {
  it('confirms a pack payment never reported: the packs wait to be opened', async () => {
    const player = await newCityPlayer(stack, 'packs');
    const txId = await paySwapHive(stack, player.username, hivePrice(10), packPaymentMemo(player.username, 10));
    const { matched } = await settled(txId);
    expect(matched).toMatch(/^pack-purchase:\d+$/);
    const purchaseId = Number(matched?.split(':')[1]);
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [purchaseId] });
    const opened = await player.api.post(ApiRoutes.packOpen(purchaseId));
    expect([opened.status, opened.data.gears.length]).toEqual([200, 10]);
  });

  it('confirms a shop payment never reported and grants its rewards once', async () => {
    const player = await newCityPlayer(stack, 'shop');
    const txId = await paySwapHive(stack, player.username, ITEMS.pouch.price, shopPaymentMemo(player.username, ITEMS.pouch.name));
    expect(await settled(txId)).toMatchObject({ status: 'credited', matched: expect.stringMatching(/^shop-purchase:\d+$/) });
    expect(await shopPurchaseRows(stack, player)).toEqual([
      expect.objectContaining({ item_name: ITEMS.pouch.name, status: 'confirmed', transaction_id: txId, purchase_count: 1 }),
    ]);
    const runik = await queryDatabase<{ n: string }>(
      stack.database.url,
      `SELECT count(*) AS n FROM ledger_entries WHERE reason = 'shop-purchase' AND reference = $1`,
      [`shop-purchase:${(await shopPurchaseRows(stack, player))[0].id}`],
    );
    expect(Number(runik[0].n)).toBeGreaterThan(0);
    // A new player holds no RUNIK: what it holds is the pouch's, granted once.
    expect((await player.api.get(`/api/city/resources/${player.username}`)).data.resources.runik).toBe(
      shopItem(ITEMS.pouch.name)?.reward.runik,
    );
  });

  it.each([
    ['an unknown memo', () => ({ quantity: '1.000', memo: 'thanks for the game' }), 'A SWAP.HIVE memo the game does not know'],
    [
      'packs of the wrong amount',
      (username: string) => ({ quantity: '2.000', memo: packPaymentMemo(username, 1) }),
      SwapHivePaymentFailures.wrongQuantity,
    ],
    [
      'a shop memo naming another account',
      () => ({ quantity: ITEMS.pouch.price, memo: shopPaymentMemo('someoneelse', ITEMS.pouch.name) }),
      'The memo names another account',
    ],
    [
      'a shop item that does not exist',
      (username: string) => ({ quantity: '1.000', memo: shopPaymentMemo(username, 'Golden Goose') }),
      'The memo names no shop item',
    ],
    ['a late activation below its fee', () => ({ quantity: '40.000', memo: registrationMemo('') }), RegistrationInvalidReasons.underpaid],
  ])('sends back %s once and credits nothing', async (_kind, payment, reason) => {
    const player = await newCityPlayer(stack, 'back');
    const { quantity, memo } = payment(player.username);
    const before = await swapHiveOf(stack, player.username);
    const txId = await paySwapHive(stack, player.username, quantity, memo);
    expect(await settled(txId)).toEqual({ status: 'refunded', matched: null, reason });
    expect(await swapHiveOf(stack, player.username)).toBe(before);
    // Settled once Hive Engine has the refund in a block; the follower records it when it reads that block, maybe later.
    const refunds = await eventually(
      () =>
        queryDatabase<{ memo: string }>(
          stack.database.url,
          `SELECT memo FROM chain_transfers WHERE status = 'outgoing' AND recipient = $1`,
          [player.username],
        ),
      (rows) => rows.length > 0,
      30_000,
    );
    expect(refunds).toEqual([{ memo: `Runik refund: ${reason}` }]);
    expect(await shopPurchaseRows(stack, player)).toEqual([]);
    expect(await queryDatabase(stack.database.url, `SELECT id FROM pack_purchases WHERE player_id = $1`, [player.playerId])).toEqual([]);
    expect(await playerRow(player.username)).toMatchObject({ activation: 'free' });
  });
});
