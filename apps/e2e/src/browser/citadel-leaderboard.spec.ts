import type { Page } from 'playwright-core';
import { BROWSER_API_PORT, BROWSER_SIM_PORT, BrowserStack, logIn, startBrowserStack, withPage } from '../support/browser';
import { setArmy } from '../support/attack';
import { CityPlayer, newCityPlayer, setCityHallLevel } from '../support/city';

/**
 * The Abyssal Citadel and the Leaderboards in Chromium against the real stack. Its own ports
 * (fifty above the defaults), so Jest may run it beside the other browser files.
 */
const API_PORT = Number(process.env.E2E_CITADEL_API_PORT ?? BROWSER_API_PORT + 50);
const SIM_PORT = Number(process.env.E2E_CITADEL_SIM_PORT ?? BROWSER_SIM_PORT + 50);
const TEST_TIMEOUT_MS = 120_000;
jest.setTimeout(TEST_TIMEOUT_MS);

let browserStack: BrowserStack;

beforeAll(async () => {
  browserStack = await startBrowserStack({
    apiPort: API_PORT,
    simPort: SIM_PORT,
    apiPortVariable: 'E2E_CITADEL_API_PORT',
    simPortVariable: 'E2E_CITADEL_SIM_PORT',
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

browserTest('a player attacks the floor boss and finds themself in the ranking', async (page) => {
  const player = await newCityPlayer(browserStack.stack, 'abys');
  await setArmy(browserStack.stack, player, { infantry: 1000 });
  await openAs(page, player, '/abyssalcitadel');
  await page.getByRole('button', { name: 'Attack Boss' }).click();
  await page.getByTestId('attack-result').waitFor();
  await page.getByTestId('participants').getByTestId(`participant-${player.username}`).waitFor();
});

browserTest('a player pages through the City Hall Level leaderboard', async (page) => {
  // 26 players more than any other test makes: two pages of 25.
  const players = await Promise.all(Array.from({ length: 26 }, () => newCityPlayer(browserStack.stack, 'lb')));
  const [top, ...rest] = players;
  await setCityHallLevel(browserStack.stack, top, 30);
  await openAs(page, rest[0], '/leaderboard');
  await page.getByRole('button', { name: 'City Hall Level' }).click();
  await page.getByTestId(`leaderboard-row-${top.username}`).getByText('🥇').waitFor();
  await page.getByText(/^Page 1 of \d+$/).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(/^Page 2 of \d+$/).waitFor();
  await page.getByText(/^Showing 26-/).waitFor();
});
