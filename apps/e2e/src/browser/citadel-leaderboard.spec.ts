import { useBrowserStack } from '../support/browser';
import { setArmy } from '../support/attack';
import { newCityPlayer, setCityHallLevel } from '../support/city';

/**
 * The Abyssal Citadel and the Leaderboards in Chromium against the real stack. A stack of its own (fifty
 * ports above the defaults), not its Jest worker's shared one: the floor boss and the rankings are game-wide,
 * and the paging counts on the players it makes being the most.
 */
const browser = useBrowserStack(50, 'CITADEL');
const stack = () => browser.current().stack;

browser.test('a player attacks the floor boss and finds themself in the ranking', async (page) => {
  const player = await newCityPlayer(stack(), 'abys');
  await setArmy(stack(), player, { infantry: 1000 });
  await browser.openAs(page, player.username, '/abyssalcitadel');
  await page.getByRole('button', { name: 'Attack Boss' }).click();
  await page.getByTestId('attack-result').waitFor();
  await page.getByTestId('participants').getByTestId(`participant-${player.username}`).waitFor();
});

browser.test('a player pages through the City Hall Level leaderboard', async (page) => {
  // 26 players more than any other test makes: two pages of 25.
  const players = await Promise.all(Array.from({ length: 26 }, () => newCityPlayer(stack(), 'lb')));
  const [top, ...rest] = players;
  await setCityHallLevel(stack(), top, 30);
  await browser.openAs(page, rest[0].username, '/leaderboard');
  await page.getByRole('button', { name: 'City Hall Level' }).click();
  await page.getByTestId(`leaderboard-row-${top.username}`).getByRole('img', { name: 'Gold trophy' }).waitFor();
  await page.getByText(/^Page 1 of \d+$/).waitFor();
  // On a phone the 25 rows are two lines each: the page stays short (it was 4,400 px) and never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  // A string, as these files are compiled without the DOM's types.
  const size = await page.evaluate<{ height: number; width: number }>(
    '({ height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth })',
  );
  expect(size.height).toBeLessThan(1800);
  expect(size.width).toBe(390);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(/^Page 2 of \d+$/).waitFor();
  await page.getByText(/^Showing 26-/).waitFor();
});
