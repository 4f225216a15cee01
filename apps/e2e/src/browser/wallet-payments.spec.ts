import type { Page } from 'playwright-core';
import { newCityPlayer, type CityPlayer } from '../support/city';
import { waitForCity } from '../support/browser';
import { walletAnswers, walletSigns } from '../support/hiveauth';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Payments through the wallet the player logged in with (issue 49, item 2), in Chromium on a phone's screen: a pack
 * paid through a HiveAuth sign request (the scripted wallet, paired through the login's deep link as a phone is,
 * approves it), and one paid through HiveSigner's signing page (opened in a new tab; the test approves there as the
 * player would). Neither calls Keychain; each ends with the pack opening.
 */
const browser = useSharedBrowserStack();
const baseUrl = () => browser.current().baseUrl;
const simUrl = () => browser.current().stack.simUrl;

/** The payments the page asks Keychain for (the dev wallet logs one line per request): none here. */
function keychainRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('console', (message) => {
    if (/dev wallet|hive_keychain/i.test(message.text())) requests.push(message.text());
  });
  return requests;
}

async function logInWithHiveAuth(page: Page, player: CityPlayer): Promise<string> {
  await page.goto(`${baseUrl()}/authentication`);
  await page.getByLabel('Hive username').fill(player.username);
  await page.getByRole('radio', { name: 'HiveAuth' }).check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const link = (await page.getByRole('link', { name: 'Open in your HiveAuth wallet' }).getAttribute('href')) ?? '';
  expect((await walletAnswers(simUrl(), link, 'approve')).status).toBe(200);
  await waitForCity(page);
  return link;
}

async function buyOnePack(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/packs`);
  await page.getByTestId('hive-offers').getByRole('button', { name: 'Buy 1 Pack (SWAP.HIVE)' }).click();
}

browser.test('a pack paid through HiveAuth: the sign request waits with its expiry, the wallet approves, the pack opens', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await newCityPlayer(browser.current().stack, 'hapay');
  const keychain = keychainRequests(page);
  const link = await logInWithHiveAuth(page, player);

  await buyOnePack(page);
  // The wallet was paired at login: no QR code, the wait says to approve in the wallet, with its expiry and Cancel.
  const wait = page.getByTestId('hiveauth-wait');
  await wait.getByText('Open your HiveAuth wallet (such as Keychain Mobile) and approve the payment.').waitFor();
  await wait.getByText(/expires in \d+ s/).waitFor();
  expect(await wait.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
  const box = await wait.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);

  const signed = await walletSigns(simUrl(), link, 'approve');
  expect(signed.status).toBe(200);
  expect(signed.data).toMatchObject({ answered: 'approve', txId: expect.stringMatching(/^[0-9a-f]{40}$/) });
  await page.getByRole('dialog', { name: 'Pack Opening' }).waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('hiveauth-wait').count()).toBe(0);
  expect(keychain).toEqual([]);
});

browser.test("a pack paid through HiveSigner's signing page: approved in its tab, followed on the chain, the pack opens", async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await newCityPlayer(browser.current().stack, 'hspay');
  const keychain = keychainRequests(page);
  await page.goto(`${baseUrl()}/authentication`);
  await page.getByRole('button', { name: 'HiveSigner', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
  await page.getByLabel('Username').fill(player.username);
  await page.getByRole('button', { name: 'Approve' }).click();
  await waitForCity(page);

  const opened = page.context().waitForEvent('page');
  await buyOnePack(page);
  const signer = await opened;
  await signer.waitForLoadState();
  const link = new URL(signer.url());
  expect(link.pathname).toBe('/sign/custom-json');
  expect(JSON.parse(link.searchParams.get('required_auths') ?? '')).toEqual([player.username]);
  expect(JSON.parse(link.searchParams.get('json') ?? '')).toMatchObject({
    contractName: 'tokens',
    contractAction: 'transfer',
    contractPayload: { symbol: 'SWAP.HIVE', quantity: '1.000', memo: `runik-packs:${player.username}:1` },
  });
  // The game's page offers the signing page again (a blocked pop-up) and shows the payment's steps from sent.
  const wait = page.getByTestId('hivesigner-wait');
  expect(await wait.getByRole('link', { name: 'Open HiveSigner' }).getAttribute('href')).toBe(signer.url());
  await page.locator('[data-testid="payment-steps"][data-step="sent"]').waitFor();

  await signer.getByRole('button', { name: 'Approve' }).click();
  await signer.getByTestId('transaction-id').waitFor();
  await signer.close();
  await page.getByRole('dialog', { name: 'Pack Opening' }).waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('payment-steps').getAttribute('data-step')).toBe('credited');
  expect(await page.getByTestId('hivesigner-wait').count()).toBe(0);
  expect(keychain).toEqual([]);
});
