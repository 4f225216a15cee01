import { ApiRoutes, packPaymentMemo } from '@runik/contract';
import { cityOf, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { sendToken } from '../support/hive';
import { awaitNotifications, notificationsOf } from '../support/notifications';
import { hivePrice, pendingOf, purchaseRows } from '../support/packs';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, type Stack } from '../support/stack';
import { paySwapHive, sleep } from '../support/swap-hive';

/**
 * Paying by hand (issue 49, item 3): the player makes, from any wallet, the plain transfer the page shows (recipient,
 * amount, token, memo) and never reports it; the chain follower credits it once, like a wallet's payment.
 */
let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

/** The deposit popup's memo (apps/web, `DEPOSIT_MEMO`): shown by hand, though a deposit's memo is not read. */
const DEPOSIT_MEMO = 'Runik deposit';

const count = async (sql: string, params: unknown[]) => Number((await queryDatabase<{ n: string }>(stack.database.url, sql, params))[0].n);

describe('payments made by hand', () => {
  it('credits a deposit made by hand (a plain RNK transfer with the shown memo) exactly once', async () => {
    const player = await newCityPlayer(stack, 'handdep');
    const thousandths = (runik: number) => Math.round(runik * 1000);
    const before = thousandths((await cityOf(player)).resources.runik);
    const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '4.321', DEPOSIT_MEMO);

    expect(await awaitNotifications(player, 'deposit-credited')).toEqual([
      { depositId: expect.any(Number), amount: 4.321, transactionId: txId },
    ]);
    const credited = async () => ({
      deposits: await queryDatabase<{ status: string; amount_thousandths: string }>(
        stack.database.url,
        `SELECT status, amount_thousandths FROM deposits WHERE transaction_id = $1`,
        [txId],
      ),
      postings: await count(`SELECT count(DISTINCT posting_id) AS n FROM ledger_entries WHERE reason = 'deposit' AND reference = $1`, [
        txId,
      ]),
      runik: thousandths((await cityOf(player)).resources.runik),
      notifications: (await notificationsOf(player, 'deposit-credited')).length,
    });
    const expected = {
      deposits: [{ status: 'completed', amount_thousandths: '4321' }],
      postings: 1,
      runik: before + 4321,
      notifications: 1,
    };
    expect(await credited()).toEqual(expected);
    // Later looks (the follower's next blocks, the pending-work sweep) credit nothing more.
    await sleep(3_000);
    expect(await credited()).toEqual(expected);
  });

  it('credits a pack purchase paid by hand (the shown amount and memo, never reported) exactly once: its packs open once', async () => {
    const player = await newCityPlayer(stack, 'handpack');
    const txId = await paySwapHive(stack, player.username, hivePrice(10), packPaymentMemo(player.username, 10));

    const [confirmed] = await awaitNotifications(player, 'pack-purchase-confirmed');
    expect(confirmed).toEqual({ purchaseId: expect.any(Number), packCount: 10, price: Number(hivePrice(10)), transactionId: txId });
    const { purchaseId } = confirmed;
    // The page, told by the push, follows the purchase the follower made.
    expect((await player.api.get(ApiRoutes.packPurchaseStatus(purchaseId))).data).toMatchObject({
      packPurchaseId: purchaseId,
      status: 'confirmed',
      packCount: 10,
      seenOnChain: true,
    });
    const rows = async () =>
      (await purchaseRows(stack, player)).map(({ status, transaction_id, pack_count }) => ({ status, transaction_id, pack_count }));
    expect(await rows()).toEqual([{ status: 'confirmed', transaction_id: txId, pack_count: 10 }]);
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [purchaseId] });

    const opened = await player.api.post(ApiRoutes.packOpen(purchaseId));
    expect([opened.status, opened.data.gears.length]).toEqual([200, 10]);
    expect((await player.api.post(ApiRoutes.packOpen(purchaseId))).status).toBe(409);
    await sleep(3_000);
    expect(await rows()).toEqual([{ status: 'confirmed', transaction_id: txId, pack_count: 10 }]);
    expect(await notificationsOf(player, 'pack-purchase-confirmed')).toHaveLength(1);
    expect(
      await eventually(
        () => count(`SELECT count(*) AS n FROM gears WHERE pack_purchase_id = $1`, [purchaseId]),
        (n) => n === 10,
        5_000,
      ),
    ).toBe(10);
  });
});
