import type { BrowserContextOptions, Page } from 'playwright-core';
import { apiClient, registerFree } from '../support/api-client';
import { BrowserStack, currentPath, waitForCity, withPage } from '../support/browser';
import { uniqueUsername } from '../support/hive';
import { walletAnswers } from '../support/hiveauth';
import { sharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Login through HiveAuth in Chromium on a phone (issue 49, item 1): the player chooses HiveAuth, the page shows the QR
 * code and the `has://auth_req/` deep link, hive-sim's scripted wallet reads the link from the page (as a phone reads
 * the QR code) and approves through the HiveAuth server, and the player lands in the City. The choice is remembered.
 */
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TEST_TIMEOUT_MS = 120_000;
jest.setTimeout(TEST_TIMEOUT_MS);

let browserStack: BrowserStack;

beforeAll(async () => {
  browserStack = await sharedBrowserStack();
}, 120_000);
afterAll(async () => {
  await browserStack?.close();
});

function browserTest(name: string, body: (page: Page) => Promise<void>): void {
  it(name, () => withPage(browserStack, expect.getState().currentTestName ?? name, body, PHONE), TEST_TIMEOUT_MS);
}

async function startHiveAuthLogin(page: Page, username: string): Promise<string> {
  await page.goto(`${browserStack.baseUrl}/authentication`);
  await page.getByRole('heading', { name: 'Login or Activate Account', level: 1 }).waitFor();
  await page.getByLabel('Hive username').fill(username);
  await page.getByRole('radio', { name: 'HiveAuth' }).check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const link = page.getByRole('link', { name: 'Open in your HiveAuth wallet' });
  await link.waitFor();
  await page.getByRole('img', { name: /HiveAuth QR code/ }).waitFor();
  await page.getByText(/expires in \d+ s/).waitFor();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^has:\/\/auth_req\/[A-Za-z0-9+/=]+$/);
  return href ?? '';
}

browserTest('choose HiveAuth, see the QR code and the deep link, the wallet approves, and land in the City', async (page) => {
  const username = uniqueUsername('hauth');
  await registerFree(apiClient(browserStack.baseUrl), username);
  const link = await startHiveAuthLogin(page, username);
  // The link names the sim's HiveAuth server and the account, as a phone wallet reads them.
  const payload = JSON.parse(Buffer.from(link.slice('has://auth_req/'.length), 'base64').toString('utf8')) as Record<string, string>;
  expect(payload).toMatchObject({ account: username, host: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/hiveauth$/) });
  const simUrl = payload.host.replace(/^ws/, 'http').replace(/\/hiveauth$/, '');

  const answer = await walletAnswers(simUrl, link, 'approve');
  expect(answer.status).toBe(200);
  await waitForCity(page);
  expect(currentPath(page)).toBe('/city');

  // The choice is remembered: HiveAuth is preselected next time.
  expect(await page.evaluate(() => localStorage.getItem('runik.wallet'))).toBe('hiveauth');
});

browserTest('a refusal in the wallet says so, Cancel stops waiting, and HiveAuth stays preselected', async (page) => {
  const username = uniqueUsername('hauth');
  await registerFree(apiClient(browserStack.baseUrl), username);
  const link = await startHiveAuthLogin(page, username);
  const simUrl = (JSON.parse(Buffer.from(link.slice('has://auth_req/'.length), 'base64').toString('utf8')) as { host: string }).host
    .replace(/^ws/, 'http')
    .replace(/\/hiveauth$/, '');
  expect((await walletAnswers(simUrl, link, 'refuse')).status).toBe(200);
  await page.getByText('The login was refused in your HiveAuth wallet').waitFor();
  expect(currentPath(page)).toBe('/authentication');

  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('link', { name: 'Open in your HiveAuth wallet' }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('HiveAuth login cancelled').waitFor();
  expect(await page.getByRole('link', { name: 'Open in your HiveAuth wallet' }).count()).toBe(0);

  await page.reload();
  await page.getByRole('heading', { name: 'Login or Activate Account', level: 1 }).waitFor();
  expect(await page.getByRole('radio', { name: 'HiveAuth' }).isChecked()).toBe(true);
});

browserTest(
  'a new name registers for free through HiveAuth: the same QR code and deep link, the wallet approves, the City',
  async (page) => {
    const username = uniqueUsername('hafree');
    await page.goto(`${browserStack.baseUrl}/authentication`);
    await page.getByRole('heading', { name: 'Login or Activate Account', level: 1 }).waitFor();
    await page.getByLabel('Hive username').fill(username);
    await page.getByRole('radio', { name: 'HiveAuth' }).check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Not registered: the activation view, with HiveAuth kept for the free registration; the wallet was asked nothing yet.
    await page.getByRole('button', { name: 'Register for Free' }).waitFor();
    expect(await page.getByRole('radio', { name: 'HiveAuth' }).isChecked()).toBe(true);
    expect(await page.getByRole('link', { name: 'Open in your HiveAuth wallet' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Register for Free' }).click();
    const link = page.getByRole('link', { name: 'Open in your HiveAuth wallet' });
    await link.waitFor();
    await page.getByRole('img', { name: /HiveAuth QR code/ }).waitFor();
    await page.getByText(/expires in \d+ s/).waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    const payload = JSON.parse(Buffer.from(href.slice('has://auth_req/'.length), 'base64').toString('utf8')) as {
      account: string;
      host: string;
    };
    expect(payload.account).toBe(username);
    const simUrl = payload.host.replace(/^ws/, 'http').replace(/\/hiveauth$/, '');

    expect((await walletAnswers(simUrl, href, 'approve')).status).toBe(200);
    await waitForCity(page);
    expect(currentPath(page)).toBe('/city');
    expect(await page.evaluate(() => localStorage.getItem('runik.wallet'))).toBe('hiveauth');
  },
);
