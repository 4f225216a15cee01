import type { Locator, Page } from 'playwright-core';
import { cityOf, newCityPlayer } from '../support/city';
import { sendToken } from '../support/hive';
import { GAME_ACCOUNT } from '../support/stack';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Paying by hand in Chromium at phone size (issue 49, item 3): the page shows the transfer; the test makes it on
 * hive-sim as another wallet would, from the player's account, with the fields read off the page; once the player
 * says it is sent, the page follows it to its credit. No Keychain call is made.
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

const field = async (panel: Locator, testId: string, name: string) =>
  ((await panel.getByTestId(`${testId}-${name}`).textContent()) ?? '').trim();

/** Reads the transfer off the panel and makes it from `from` on hive-sim. */
async function payAsShown(panel: Locator, testId: string, from: string): Promise<void> {
  const [to, amount, token, memo] = await Promise.all(['recipient', 'amount', 'token', 'memo'].map((name) => field(panel, testId, name)));
  expect(to).toBe(GAME_ACCOUNT);
  await sendToken(stack().simUrl, from, to, token, amount, memo);
}

/** The payment reports the page sends (a wallet's path): none when paid by hand. */
function reportsOf(page: Page): string[] {
  const reports: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(city\/deposit\/init|packs\/purchase\/hive)/.test(request.url())) reports.push(request.url());
  });
  return reports;
}

browser.test('a deposit paid by hand: the transfer shown, made from another wallet, credited once in the popup', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await newCityPlayer(stack(), 'hdep');
  const reports = reportsOf(page);
  await browser.openAs(page, player.username, '/city');
  await page.getByTestId('runiks-card').getByRole('button', { name: 'Deposit', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Deposit RUNIK' });
  await popup.getByLabel('Amount').fill('3.25');
  await popup.getByRole('button', { name: 'Pay by hand' }).click();
  const panel = popup.getByTestId('deposit-by-hand');
  expect(await field(panel, 'deposit-by-hand', 'amount')).toBe('3.250');
  expect(await field(panel, 'deposit-by-hand', 'memo')).toBe('Runik deposit');
  // The panel fits the phone's width.
  const box = await panel.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);

  await panel.getByRole('button', { name: "I've sent it" }).click();
  await payAsShown(panel, 'deposit-by-hand', player.username);
  await panel.locator('[data-testid="payment-steps"][data-step="credited"]').waitFor({ timeout: 60_000 });
  expect(await panel.getByTestId('payment-steps').textContent()).toContain('3.250 RUNIK');
  expect((await cityOf(player)).resources.runik).toBe(3.25);
  expect(reports).toEqual([]);
});

browser.test('a pack paid by hand: the transfer shown, made from another wallet, then the pack opens', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await newCityPlayer(stack(), 'hpack');
  const reports = reportsOf(page);
  await browser.openAs(page, player.username, '/packs');
  const testId = 'hive-offers-single-by-hand';
  await page.getByTestId(`${testId}-toggle`).click();
  const panel = page.getByTestId(testId);
  expect(await field(panel, testId, 'memo')).toBe(`runik-packs:${player.username}:1`);
  expect(await field(panel, testId, 'token')).toBe('SWAP.HIVE');

  await panel.getByRole('button', { name: "I've sent it" }).click();
  // While it is awaited, no other payment starts.
  expect(await page.getByRole('button', { name: 'Buy 10 Packs (SWAP.HIVE)' }).isDisabled()).toBe(true);
  await payAsShown(panel, testId, player.username);
  await page.getByRole('dialog', { name: 'Pack Opening' }).waitFor({ timeout: 60_000 });
  expect(await panel.getByTestId('payment-steps').getAttribute('data-step')).toBe('credited');
  expect(reports).toEqual([]);
});
