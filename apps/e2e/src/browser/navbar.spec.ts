import type { Page } from 'playwright-core';
import { newCityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * The navigation bar at every width from a phone to a desktop, in Chromium against the real stack
 * (its Jest worker's shared stack). It once overflowed on an iPad in portrait and pushed the
 * account menu off the screen.
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

const GAME_LINKS = 8;

/** What the bar shows at the current width; measured in the page (this project's TypeScript has no DOM types). */
async function barLayout(
  page: Page,
): Promise<{ pageWidth: number; viewport: number; account: [number, number]; hamburger: boolean; linksInBar: number }> {
  return page.evaluate(`(() => {
    const shown = (element) => element !== null && getComputedStyle(element).display !== 'none' && element.getBoundingClientRect().width > 0;
    const account = document.querySelector('[data-testid="account-menu-button"]').getBoundingClientRect();
    const bar = document.querySelector('nav[aria-label="Main navigation"]');
    const linksInBar = shown(bar)
      ? [...bar.querySelectorAll('a')].filter((link) => shown(link) && link.getBoundingClientRect().right <= bar.getBoundingClientRect().right + 0.5).length
      : 0;
    return {
      pageWidth: document.documentElement.scrollWidth,
      viewport: innerWidth,
      account: [account.left, account.right],
      hamburger: shown(document.querySelector('button[aria-label="Toggle menu"]')),
      linksInBar,
    };
  })()`);
}

browser.test('at every width from 390 to 1440 px the account menu is on screen and every game link is reachable', async (page) => {
  const player = await newCityPlayer(stack(), 'nav');
  await browser.openAs(page, player.username, '/city');
  await page.getByTestId('account-menu-button').waitFor();

  const broken: string[] = [];
  for (let width = 390; width <= 1440; width += 2) {
    await page.setViewportSize({ width, height: 900 });
    const layout = await barLayout(page);
    const accountOnScreen = layout.account[0] >= 0 && layout.account[1] <= layout.viewport;
    const linksReachable = layout.hamburger || layout.linksInBar === GAME_LINKS;
    if (!accountOnScreen || !linksReachable || layout.pageWidth > layout.viewport) broken.push(`${width} px: ${JSON.stringify(layout)}`);
  }
  expect(broken).toEqual([]);

  // An iPad in portrait: the links are one tap away behind the menu button, the account menu opens.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  expect(await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link').count()).toBe(GAME_LINKS);
  await page.getByTestId('account-menu-button').click();
  expect(await page.getByTestId('account-dropdown').isVisible()).toBe(true);
});
