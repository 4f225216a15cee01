import { waitForCity } from '../support/browser';
import { useSharedBrowserStack } from '../support/shared-browser-stack';
import { newCityPlayer } from '../support/city';

/** Login through HiveSigner (issue 49) in Chromium on a phone's screen, against hive-sim's HiveSigner stand-in. */
const browser = useSharedBrowserStack();

browser.test('a player logs in through HiveSigner: approves on its page and lands in the City', async (page) => {
  const player = await newCityPlayer(browser.current().stack, 'hs');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${browser.current().baseUrl}/authentication`);
  await page.getByRole('button', { name: 'HiveSigner', exact: true }).click();

  // HiveSigner's page (the stand-in): the test plays the player approving the login for their account.
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('client_id')).toBe('runik.app');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${browser.current().baseUrl}/authentication/hivesigner`);
  expect(authorize.searchParams.get('scope')).toBe('login');
  await page.getByLabel('Username').fill(player.username);
  await page.getByRole('button', { name: 'Approve' }).click();

  await waitForCity(page);
  // The token left the address bar on the way.
  expect(page.url()).not.toContain('access_token');
});

browser.test('a HiveSigner login cancelled on its page says so and offers the login again', async (page) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${browser.current().baseUrl}/authentication`);
  await page.getByRole('button', { name: 'HiveSigner', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.getByRole('alert').filter({ hasText: 'HiveSigner login was cancelled.' }).waitFor();
  await page.getByRole('link', { name: 'Back to login' }).click();
  await page.waitForURL((url) => url.pathname === '/authentication');
});
