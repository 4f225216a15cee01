import { ApiRoutes, packPaymentMemo, type LoginChallengeResponse, type SessionResponse } from '@runik/contract';
import { apiClient, challengeFor } from '../support/api-client';
import { newCityPlayer, type CityPlayer } from '../support/city';
import { awaitNotifications, notificationsOf } from '../support/notifications';
import { buyWithHive, hivePrice, purchaseRows, settledPurchase } from '../support/packs';
import { hiveAuthUrl, requestHiveAuthLogin, requestHiveAuthSign, walletAnswers, walletSigns } from '../support/hiveauth';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, type Stack } from '../support/stack';
import { sleep, swapHiveOf } from '../support/swap-hive';

/**
 * A pack purchase paid through HiveAuth (issue 49, item 2), through the real protocol: the player logs in through
 * HiveAuth (the scripted wallet reads the login's `has://auth_req/` link, as a phone reads the QR code, and keeps its
 * key), the game's payment goes as a `sign_req` encrypted with that key, the wallet broadcasts the Hive Engine
 * transfer with the account's active key and answers with its transaction id, which the app reports as a Keychain
 * payment's. The chain follower sees the same transfer: the purchase is credited exactly once.
 */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

/** A player logged in through HiveAuth: its session, and the link its wallet was paired through. */
async function hiveAuthPlayer(prefix: string): Promise<{ player: CityPlayer; link: string }> {
  const registered = await newCityPlayer(stack, prefix);
  const anonymous = apiClient(stack.apiUrl);
  const challenge: LoginChallengeResponse = await challengeFor(anonymous, registered.username);
  const request = await requestHiveAuthLogin(hiveAuthUrl(stack.simUrl), registered.username, challenge.message);
  expect((await walletAnswers(stack.simUrl, request.link, 'approve')).status).toBe(200);
  const answered = await request.answer;
  request.close();
  if (answered.kind !== 'approved') throw new Error(`HiveAuth login of ${registered.username}: ${answered.kind}`);
  const session = await anonymous.post<SessionResponse>(ApiRoutes.verifyLogin, {
    hiveUsername: registered.username,
    challenge: challenge.challenge,
    timestamp: challenge.timestamp,
    signature: answered.signature,
  });
  expect(session.status).toBe(200);
  return { player: { ...registered, api: apiClient(stack.apiUrl, session.data.token) }, link: request.link };
}

/** The Hive Engine transfer the web app asks HiveAuth to sign (wallet/transfer.ts, `tokenTransferOperation`). */
function packTransfer(username: string, packCount: number): [string, Record<string, unknown>][] {
  const json = {
    contractName: 'tokens',
    contractAction: 'transfer',
    contractPayload: { symbol: 'SWAP.HIVE', to: GAME_ACCOUNT, quantity: hivePrice(packCount), memo: packPaymentMemo(username, packCount) },
  };
  return [['custom_json', { required_auths: [username], required_posting_auths: [], id: 'ssc-mainnet-hive', json: JSON.stringify(json) }]];
}

describe('payments signed through HiveAuth', () => {
  it('a pack purchase: the wallet signs the transfer it was sent, the report and the chain follower credit it exactly once', async () => {
    const { player, link } = await hiveAuthPlayer('hapack');
    const before = await swapHiveOf(stack, player.username);
    const ops = packTransfer(player.username, 10);
    const sign = await requestHiveAuthSign(link, ops);
    const wallet = await walletSigns(stack.simUrl, link, 'approve');
    expect(wallet.status).toBe(200);
    expect(wallet.data).toMatchObject({ answered: 'approve', asked: { key_type: 'active', ops, broadcast: true } });
    const answered = await sign.answer;
    sign.close();
    if (answered.kind !== 'broadcast') throw new Error(`expected a broadcast, got ${answered.kind}`);
    expect(answered.txId).toBe(wallet.data.txId);

    // The app reports the transaction id as it does a Keychain payment's.
    const reported = await buyWithHive(player, 10, answered.txId);
    expect(reported.status).toBe(200);
    const purchaseId: number = reported.data.packPurchaseId;
    expect((await settledPurchase(player, purchaseId)).status).toBe('confirmed');
    expect(await awaitNotifications(player, 'pack-purchase-confirmed')).toEqual([
      { purchaseId, packCount: 10, price: Number(hivePrice(10)), transactionId: answered.txId },
    ]);

    const credited = async () => ({
      rows: (await purchaseRows(stack, player)).map(({ id, status, transaction_id, pack_count }) => ({
        id,
        status,
        transaction_id,
        pack_count,
      })),
      notifications: (await notificationsOf(player, 'pack-purchase-confirmed')).length,
      paid: before - (await swapHiveOf(stack, player.username)),
    });
    const expected = {
      rows: [{ id: purchaseId, status: 'confirmed', transaction_id: answered.txId, pack_count: 10 }],
      notifications: 1,
      paid: 10,
    };
    expect(await credited()).toEqual(expected);
    // Reported again, and the follower's later blocks and the sweep: nothing more.
    expect((await buyWithHive(player, 10, answered.txId)).data).toMatchObject({ packPurchaseId: purchaseId });
    await sleep(3_000);
    expect(await credited()).toEqual(expected);
  });

  it('a sign request refused in the wallet moves no money and records nothing', async () => {
    const { player, link } = await hiveAuthPlayer('harefuse');
    const before = await swapHiveOf(stack, player.username);
    const sign = await requestHiveAuthSign(link, packTransfer(player.username, 1));
    expect((await walletSigns(stack.simUrl, link, 'refuse')).data).toMatchObject({ answered: 'refuse', txId: null });
    expect(await sign.answer).toEqual({ kind: 'refused' });
    sign.close();
    await sleep(1_500);
    expect(await purchaseRows(stack, player)).toEqual([]);
    expect(await swapHiveOf(stack, player.username)).toBe(before);
  });
});
