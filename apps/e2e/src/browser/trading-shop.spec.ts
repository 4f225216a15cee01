import type { Page } from 'playwright-core';
import { ShopMessages, TradingMessages } from '@runik/contract';
import { acceptDialogs, BROWSER_API_PORT, BROWSER_SIM_PORT, BrowserStack, logIn, startBrowserStack, waitForDevWallet, withPage } from '../support/browser';
import { cityOf, CityPlayer, grant, newCityPlayer, newPaidCityPlayer } from '../support/city';
import { giveGear } from '../support/gear';
import { engineBalance } from '../support/hive';

/**
 * Gear trading and the shop in Chromium against the real stack: one player lists a gear and
 * another buys it; a player buys a shop item paying SWAP.HIVE through the dev wallet and the
 * worker confirming it on hive-sim. Its own ports (forty above the defaults).
 */
const API_PORT = Number(process.env.E2E_TRADE_API_PORT ?? BROWSER_API_PORT + 40);
const SIM_PORT = Number(process.env.E2E_TRADE_SIM_PORT ?? BROWSER_SIM_PORT + 40);
/** The shop polls every 10 s: a confirmation is seen within about two polls. */
const TEST_TIMEOUT_MS = 120_000;
jest.setTimeout(TEST_TIMEOUT_MS);

let browserStack: BrowserStack;

beforeAll(async () => {
  browserStack = await startBrowserStack({
    apiPort: API_PORT,
    simPort: SIM_PORT,
    apiPortVariable: 'E2E_TRADE_API_PORT',
    simPortVariable: 'E2E_TRADE_SIM_PORT',
    buildWebApp: true,
  });
}, 120_000);

afterAll(async () => {
  await browserStack?.close();
});

function browserTest(name: string, body: (page: Page) => Promise<void>): void {
  it(name, () => withPage(browserStack, expect.getState().currentTestName ?? name, body), TEST_TIMEOUT_MS);
}

async function openAs(page: Page, player: CityPlayer, path: string): Promise<void> {
  await logIn(page, browserStack.baseUrl, player.username);
  await page.goto(`${browserStack.baseUrl}${path}`);
}

browserTest('a player lists a gear, another buys it, and both balances change', async (sellerPage) => {
  const [seller, buyer] = await Promise.all([newPaidCityPlayer(browserStack.stack, 'sell'), newPaidCityPlayer(browserStack.stack, 'buy')]);
  await grant(browserStack.stack, seller, 'runik', 20_000);
  await grant(browserStack.stack, buyer, 'runik', 100_000);
  const gearId = await giveGear(browserStack.stack, seller, { type: 'stone', rarity: 'rare', level: 2 });

  await openAs(sellerPage, seller, '/p2p');
  await sellerPage.getByRole('tab', { name: 'List Item' }).click();
  await sellerPage.getByTestId(`list-gear-${gearId}`).check();
  await sellerPage.getByLabel('Price (RUNIK)').fill('50');
  await sellerPage.getByRole('button', { name: 'List Gear' }).click();
  await sellerPage.getByTestId('p2p-feedback').filter({ hasText: TradingMessages.listed(10) }).waitFor();

  const buyerPage = await browserStack.newPage();
  acceptDialogs(buyerPage);
  await openAs(buyerPage, buyer, '/p2p');
  const listing = buyerPage.locator('[data-testid^="listing-"]').filter({ hasText: seller.username });
  await listing.getByRole('button', { name: 'Buy' }).click();
  await buyerPage.getByTestId('p2p-feedback').filter({ hasText: TradingMessages.purchased }).waitFor();
  await buyerPage.context().close();

  // Seller: 20 − 10 fee + 48 (96% of 50); buyer: 100 − 50.
  expect((await cityOf(seller)).resources.runik).toBe(58);
  expect((await cityOf(buyer)).resources.runik).toBe(50);
});

browserTest('a player buys a shop item, paying SWAP.HIVE through the dev wallet', async (page) => {
  const player = await newCityPlayer(browserStack.stack, 'shop');
  await openAs(page, player, '/syncshop');
  await waitForDevWallet(page);
  const before = Number(await engineBalance(browserStack.stack.simUrl, player.username, 'SWAP.HIVE'));
  const wheatBefore = (await cityOf(player)).resources.wheat;

  await page.getByTestId('shop-item-resource-crate').getByRole('button', { name: 'Buy' }).click();
  await page.getByTestId('shop-feedback').filter({ hasText: ShopMessages.confirmed }).waitFor({ timeout: 60_000 });

  expect(Number(await engineBalance(browserStack.stack.simUrl, player.username, 'SWAP.HIVE'))).toBeCloseTo(before - 2, 8);
  expect((await cityOf(player)).resources.wheat).toBe(wheatBefore + 5000);
});
