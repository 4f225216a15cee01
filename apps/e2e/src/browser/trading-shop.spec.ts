import { ShopMessages, SwapHiveMessages, TradingMessages } from '@runik/contract';
import { shopItem } from '@runik/rules';
import { acceptDialogs, confirmGameDialog, liveConnected, UI_TIMEOUT_MS, waitForDevWallet, withTimeout } from '../support/browser';
import { cityOf, grant, newCityPlayer, newPaidCityPlayer } from '../support/city';
import { giveGear } from '../support/gear';
import { engineBalance } from '../support/hive';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Gear trading and the shop in Chromium against the real stack: one player lists a gear and
 * another buys it; a player buys a shop item paying SWAP.HIVE through the dev wallet and the
 * worker confirming it on hive-sim (a payment Hive Engine is late with: shop-late-payment.spec.ts). On its Jest
 * worker's shared stack: its players and listing are its own.
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

browser.test('a player lists a gear, another buys it, and both balances change', async (sellerPage) => {
  const [seller, buyer] = await Promise.all([newPaidCityPlayer(stack(), 'sell'), newPaidCityPlayer(stack(), 'buy')]);
  await grant(stack(), seller, 'runik', 20_000);
  await grant(stack(), buyer, 'runik', 100_000);
  const gearId = await giveGear(stack(), seller, { type: 'stone', rarity: 'rare', level: 2 });

  await browser.openAs(sellerPage, seller.username, '/p2p');
  await sellerPage.getByRole('tab', { name: 'List Item' }).click();
  await sellerPage.getByTestId(`list-gear-${gearId}`).check();
  await sellerPage.getByLabel('Price (RUNIK)').fill('50');
  await sellerPage.getByRole('button', { name: 'List Gear' }).click();
  expect(await confirmGameDialog(sellerPage)).toMatch(
    /^List Rare Stone Gear Lv\.2 for .+ RUNIK\? The listing fee of 10 RUNIK is paid now and not refunded if you remove the listing\.$/,
  );
  await sellerPage
    .getByTestId('trading-feedback')
    .filter({ hasText: TradingMessages.listed(10) })
    .waitFor();

  const buyerPage = await browser.current().newPage();
  const dialogs = acceptDialogs(buyerPage);
  await browser.openAs(buyerPage, buyer.username, '/p2p');
  const listing = buyerPage.locator('[data-testid^="listing-"]').filter({ hasText: seller.username });
  await listing.getByRole('button', { name: 'Buy' }).click();
  expect(await confirmGameDialog(buyerPage)).toMatch(new RegExp(`^Buy Rare Stone Gear Lv\\.2 from ${seller.username} for .+ RUNIK\\?$`));
  await buyerPage.getByTestId('trading-feedback').filter({ hasText: TradingMessages.purchased }).waitFor();
  expect(dialogs).toEqual([]);
  await buyerPage.context().close();

  // Seller: 20 − 10 fee + 48 (96% of 50); buyer: 100 − 50.
  expect((await cityOf(seller)).resources.runik).toBe(58);
  expect((await cityOf(buyer)).resources.runik).toBe(50);
});

browser.test('a player buys a shop item, paying SWAP.HIVE through the dev wallet', async (page) => {
  const player = await newCityPlayer(stack(), 'shop');
  await browser.openAs(page, player.username, '/syncshop');
  await waitForDevWallet(page);
  const before = Number(await engineBalance(stack().simUrl, player.username, 'SWAP.HIVE'));
  const wheatBefore = (await cityOf(player)).resources.wheat;

  await page.getByTestId('shop-item-resource-crate').getByRole('button', { name: 'Buy' }).click();
  await page.getByTestId('shop-feedback').filter({ hasText: ShopMessages.confirmed }).waitFor({ timeout: 60_000 });

  expect(Number(await engineBalance(stack().simUrl, player.username, 'SWAP.HIVE'))).toBeCloseTo(before - 2, 8);
  // The crate's wheat, as the catalogue grants it.
  const crateWheat = shopItem('Resource Crate')?.reward.resources?.wheat;
  expect(crateWheat).toBeGreaterThan(0);
  expect((await cityOf(player)).resources.wheat).toBe(wheatBefore + (crateWheat ?? 0));
});

/**
 * What the Packs screen says from the payment to the reveal, each time the page changes (a MutationObserver set up
 * before the app runs): whether it says it waits, whether a toast says the packs are ready, whether the reveal is open.
 */
const RECORD_PACK_STORY = `
  window.__packStory = [];
  const record = () => {
    const feedback = document.querySelector('[data-testid="pack-feedback"]');
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')].map((toast) => toast.textContent || '');
    const moment = {
      waiting: Boolean(feedback && feedback.textContent.includes(${JSON.stringify(SwapHiveMessages.paymentSent)})),
      readyToast: toasts.some((text) => text.includes('ready to open')),
      reveal: document.querySelector('.pack-overlay__panel') !== null,
    };
    const last = window.__packStory[window.__packStory.length - 1];
    if (!last || last.waiting !== moment.waiting || last.readyToast !== moment.readyToast || last.reveal !== moment.reveal)
      window.__packStory.push(moment);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

type PackMoment = { waiting: boolean; readyToast: boolean; reveal: boolean };

// Issue 45: "Payment sent! Waiting for confirmation..." stayed while a toast said "1 pack ready to open", and the reveal
// opened by itself at the next poll (10.8 s).
browser.test('a pack bought with SWAP.HIVE tells one story: waiting, then the reveal, never both, and no toast beside it', async (page) => {
  const player = await newCityPlayer(stack(), 'packs');
  await page.addInitScript(RECORD_PACK_STORY);
  const connected = liveConnected(page);
  await browser.openAs(page, player.username, '/packs');
  await withTimeout(connected, UI_TIMEOUT_MS, 'the live connection');
  await waitForDevWallet(page);

  await page.getByTestId('hive-offers').getByRole('button', { name: 'Buy 1 Pack (SWAP.HIVE)' }).click();
  await page.locator('.pack-overlay__panel').waitFor({ timeout: 60_000 });
  const story = await page.evaluate<PackMoment[]>('window.__packStory');
  expect(story.some((moment) => moment.waiting)).toBe(true);
  expect(story.filter((moment) => moment.waiting && (moment.readyToast || moment.reveal))).toEqual([]);
  expect(story.filter((moment) => moment.readyToast)).toEqual([]);
});
