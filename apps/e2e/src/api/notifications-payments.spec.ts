import type { Queue } from 'bullmq';
import { ApiRoutes } from '@runik/contract';
import type { NotificationKind } from '@runik/contract';
import { LedgerJobs } from '@runik/server/queues';
import { CityPlayer, grant, newCityPlayer, newPaidCityPlayer, reportRegistration, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { giveGear } from '../support/gear';
import { engineBalance, payRegistration, sendToken } from '../support/hive';
import { inboxOf, notificationsOf } from '../support/notifications';
import { boughtWithRunik, buyWithHive, payForPacks, purchaseRow, settledPurchase } from '../support/packs';
import { boughtItem, createPurchase, ITEMS, shopPurchaseRow } from '../support/shop';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, Stack } from '../support/stack';
import { ledgerQueue, processed, runJobAgain } from '../support/swap-hive';
import { buyGear, entriesFor, listed, listingRow, newTrader, RUNIK } from '../support/trading';

let stack: Stack;
let queue: Queue;
beforeAll(async () => {
  stack = await sharedStack();
  queue = ledgerQueue(stack);
});
afterAll(async () => {
  await queue?.close();
  await stack?.stop();
});

/** Who was told what about one cause (`deposit:12`...), straight from the table: exactly the right player, once. */
const toldAbout = (source: string) =>
  queryDatabase<{ player_id: string; kind: NotificationKind }>(
    stack.database.url,
    `SELECT player_id::text, kind FROM notifications WHERE source = $1 ORDER BY id`,
    [source],
  );

/** A player's ledger entries of one reason and reference, in thousandths. */
async function playerEntries(player: CityPlayer, reason: string, reference: string): Promise<number[]> {
  const rows = await queryDatabase<{ delta: string }>(
    stack.database.url,
    `SELECT e.delta FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.player_id = $1 AND e.reason = $2 AND e.reference = $3 ORDER BY e.id`,
    [player.playerId, reason, reference],
  );
  return rows.map((row) => Number(row.delta));
}

describe('payment notifications', () => {
  it('deposit-credited: the sender only, with the credited amount, once however often it is reported', async () => {
    const [player, claimant] = [await newCityPlayer(stack, 'ndep'), await newCityPlayer(stack, 'ncla')];
    const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '12.345', '');
    // Someone else claims it too; the sender reports it twice at once.
    await claimant.api.post(ApiRoutes.depositInit(claimant.username), { amount: '12.345', txId });
    await Promise.all([1, 2].map(() => player.api.post(ApiRoutes.depositInit(player.username), { amount: '12.345', txId })));
    const deposited = await eventually(
      () =>
        queryDatabase<{ id: string; status: string }>(
          stack.database.url,
          `SELECT id, status FROM deposits WHERE transaction_id = $1 AND player_id = $2`,
          [txId, player.playerId],
        ),
      ([row]) => row?.status === 'completed',
      30_000,
    );
    const depositId = Number(deposited[0].id);
    await runJobAgain(queue, LedgerJobs.confirmDeposit, { depositId }, `again-deposit-${depositId}`);
    await player.api.post(ApiRoutes.depositInit(player.username), { amount: '12.345', txId });

    expect(await playerEntries(player, 'deposit', txId)).toEqual([12_345]);
    expect((await notificationsOf(player, 'deposit-credited')).map((n) => n.data)).toEqual([
      { depositId, amount: 12.345, transactionId: txId },
    ]);
    expect(await toldAbout(`deposit:${depositId}`)).toEqual([{ player_id: String(player.playerId), kind: 'deposit-credited' }]);
    expect((await inboxOf(claimant)).notifications).toEqual([]);
  });

  it('withdrawal-sent: the RNK transfer confirmed on chain, with its transaction id, once', async () => {
    const player = await newPaidCityPlayer(stack, 'nwd');
    await grant(stack, player, 'runik', 25_000);
    expect((await player.api.post(ApiRoutes.withdraw(player.username), { amount: '10.5' })).status).toBe(200);
    const sent = await settledWithdrawal(stack, player);
    expect(sent.status).toBe('completed');
    const withdrawalId = Number(sent.id);
    await runJobAgain(queue, LedgerJobs.sendWithdrawal, { withdrawalId }, `again-withdrawal-${withdrawalId}`);

    expect(await playerEntries(player, 'withdrawal', `withdrawal:${withdrawalId}`)).toEqual([-10_500]);
    expect((await notificationsOf(player, 'withdrawal-sent')).map((n) => n.data)).toEqual([
      { withdrawalId, amount: 10.5, transactionId: sent.transaction_id },
    ]);
    expect(await notificationsOf(player, 'withdrawal-refunded')).toEqual([]);
    expect(await toldAbout(`withdrawal:${withdrawalId}`)).toEqual([{ player_id: String(player.playerId), kind: 'withdrawal-sent' }]);
  });

  it('withdrawal-refunded: a transfer the chain refused gives the RUNIK back with the reason, once', async () => {
    const player = await newPaidCityPlayer(stack, 'nwr');
    // More than the game account holds: Hive Engine refuses the transfer.
    const amount = Math.ceil(Number(await engineBalance(stack.simUrl, GAME_ACCOUNT, 'RNK'))) + 100;
    await grant(stack, player, 'runik', amount * RUNIK);
    expect((await player.api.post(ApiRoutes.withdraw(player.username), { amount })).status).toBe(200);
    const refunded = await settledWithdrawal(stack, player);
    expect(refunded.status).toBe('refunded');
    const withdrawalId = Number(refunded.id);
    await runJobAgain(queue, LedgerJobs.sendWithdrawal, { withdrawalId }, `again-withdrawal-${withdrawalId}`);

    expect(await playerEntries(player, 'withdrawal-refund', `withdrawal:${withdrawalId}`)).toEqual([amount * RUNIK]);
    expect(refunded.error).toMatch(/^Transfer failed on Hive Engine: /);
    expect((await notificationsOf(player, 'withdrawal-refunded')).map((n) => n.data)).toEqual([
      { withdrawalId, amount, reason: refunded.error },
    ]);
    expect(await notificationsOf(player, 'withdrawal-sent')).toEqual([]);
    expect(await toldAbout(`withdrawal:${withdrawalId}`)).toEqual([{ player_id: String(player.playerId), kind: 'withdrawal-refunded' }]);
  });

  it('registration-confirmed: the new player made in the same transaction, and a free account activated later, each once', async () => {
    const registrationOf = async (username: string) =>
      (
        await queryDatabase<{ id: string; transaction_id: string; fee_offered_thousandths: string }>(
          stack.database.url,
          `SELECT id, transaction_id, fee_offered_thousandths FROM registrations WHERE hive_username = $1 AND status = 'confirmed'`,
          [username],
        )
      ).map((row) => ({
        registrationId: Number(row.id),
        transactionId: row.transaction_id,
        paid: Number(row.fee_offered_thousandths) / RUNIK,
      }));

    const player = await newPaidCityPlayer(stack, 'nreg');
    const [registration] = await registrationOf(player.username);
    expect(registration.paid).toBe(40);
    // The report again, and its job delivered again, once confirmed.
    await reportRegistration(stack, player.username, registration.transactionId);
    await runJobAgain(
      queue,
      LedgerJobs.confirmRegistration,
      { registrationId: registration.registrationId },
      `again-registration-${registration.registrationId}`,
    );
    expect((await notificationsOf(player, 'registration-confirmed')).map((n) => n.data)).toEqual([registration]);
    expect(await toldAbout(`registration:${registration.registrationId}`)).toEqual([
      { player_id: String(player.playerId), kind: 'registration-confirmed' },
    ]);

    // A free account paying the late activation fee, never reported: the chain follower activates it.
    const free = await newCityPlayer(stack, 'nlat');
    await payRegistration(stack.simUrl, free.username, '60.000');
    const [activation] = await eventually(
      () => registrationOf(free.username),
      (rows) => rows.length === 1,
      30_000,
    );
    expect(activation.paid).toBe(60);
    expect((await notificationsOf(free, 'registration-confirmed')).map((n) => n.data)).toEqual([activation]);
    expect(await toldAbout(`registration:${activation.registrationId}`)).toEqual([
      { player_id: String(free.playerId), kind: 'registration-confirmed' },
    ]);
  });

  it('pack-purchase-confirmed: a SWAP.HIVE purchase confirmed from the chain, once; a RUNIK purchase answered at once tells nothing', async () => {
    const [player, bystander] = [await newCityPlayer(stack, 'npak'), await newCityPlayer(stack, 'nbys')];
    const txId = await payForPacks(stack, player, 1);
    await processed(stack.simUrl, txId);
    const reported = await buyWithHive(player, 1, txId);
    expect(reported.status).toBe(200);
    const purchaseId: number = reported.data.packPurchaseId;
    expect((await settledPurchase(player, purchaseId)).status).toBe('confirmed');
    expect((await buyWithHive(player, 1, txId)).data).toMatchObject({ packPurchaseId: purchaseId, status: 'confirmed' });
    await runJobAgain(queue, LedgerJobs.confirmPackPurchase, { packPurchaseId: purchaseId }, `again-pack-purchase-${purchaseId}`);
    await grant(stack, player, 'runik', 1_000 * RUNIK);
    await boughtWithRunik(player, 1);

    const row = await purchaseRow(stack, purchaseId);
    expect((await notificationsOf(player, 'pack-purchase-confirmed')).map((n) => n.data)).toEqual([
      { purchaseId, packCount: row.pack_count, price: row.price_thousandths / RUNIK, transactionId: row.transaction_id },
    ]);
    expect(row.price_thousandths).toBe(1_000);
    expect(await toldAbout(`pack-purchase:${purchaseId}`)).toEqual([
      { player_id: String(player.playerId), kind: 'pack-purchase-confirmed' },
    ]);
    expect((await inboxOf(bystander)).notifications).toEqual([]);
  });

  it('shop-purchase-confirmed: a SWAP.HIVE item confirmed from the chain, once', async () => {
    const player = await newCityPlayer(stack, 'nshp');
    const purchaseId = await boughtItem(stack, player, 'crate');
    const row = await shopPurchaseRow(stack, purchaseId);
    expect((await createPurchase(player, ITEMS.crate.name, 2, row.transaction_id)).data).toEqual({ success: true, purchaseId });
    await runJobAgain(queue, LedgerJobs.confirmShopPurchase, { shopPurchaseId: purchaseId }, `again-shop-purchase-${purchaseId}`);

    expect((await notificationsOf(player, 'shop-purchase-confirmed')).map((n) => n.data)).toEqual([
      { purchaseId, itemName: row.item_name, price: row.price_thousandths / RUNIK, transactionId: row.transaction_id },
    ]);
    expect(row).toMatchObject({ item_name: 'Resource Crate', price_thousandths: 2_000 });
    expect(await toldAbout(`shop-purchase:${purchaseId}`)).toEqual([
      { player_id: String(player.playerId), kind: 'shop-purchase-confirmed' },
    ]);
  });

  it('listing-sold: the seller only, with the price, fee, tax and proceeds the ledger recorded, once', async () => {
    const [seller, buyer, late] = [await newTrader(stack, 'nsel'), await newTrader(stack, 'nbuy'), await newTrader(stack, 'nlte')];
    const gearId = await giveGear(stack, seller, { type: 'cavalry', rarity: 'epic', level: 3 });
    await grant(stack, seller, 'runik', 100 * RUNIK);
    const listingId = await listed(seller, gearId, 1234);
    await grant(stack, buyer, 'runik', 1234 * RUNIK);
    await grant(stack, late, 'runik', 1234 * RUNIK);
    expect((await buyGear(buyer, listingId)).status).toBe(200);
    expect((await buyGear(late, listingId)).status).toBe(409);

    const entries = await entriesFor(stack, `listing:${listingId}`);
    const paid = (reason: string, account: string) =>
      entries.filter((entry) => entry.reason === reason && entry.account === account).map((entry) => entry.delta);
    const [[fee], [received], [tax]] = [
      paid('listing-fee', 'system:fees'),
      paid('gear-sale', `player:${seller.playerId}`),
      paid('gear-sale', 'system:tax'),
    ];
    expect([fee, received, tax]).toEqual([25 * RUNIK, 1184 * RUNIK, 50 * RUNIK]);
    expect((await listingRow(stack, listingId))?.feeThousandths).toBe(fee);
    expect((await notificationsOf(seller, 'listing-sold')).map((n) => n.data)).toEqual([
      {
        listingId,
        gearName: 'Epic Cavalry Gear Lv.3',
        buyer: buyer.username,
        price: 1234,
        fee: fee / RUNIK,
        tax: tax / RUNIK,
        received: received / RUNIK,
      },
    ]);
    expect(await toldAbout(`listing:${listingId}`)).toEqual([{ player_id: String(seller.playerId), kind: 'listing-sold' }]);
    expect((await inboxOf(buyer)).notifications).toEqual([]);
    expect((await inboxOf(late)).notifications).toEqual([]);
  });
});
