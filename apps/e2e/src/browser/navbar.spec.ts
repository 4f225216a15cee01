import type { Page } from 'playwright-core';
import { newAlliance } from '../support/alliance';
import { newCityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * The navigation bar at every width from the narrowest phone to a desktop, in Chromium against the real stack
 * (its Jest worker's shared stack), for a player outside an alliance and one in it (the chat's button in the
 * bar), with the chat's column open on a desktop. It once overflowed on an iPad in portrait, and (issue 45) was
 * 401 px wide on a 390 px phone once the chat's button came, and cut "Blacksmith" short at 1280 px.
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

const GAME_LINKS = 8;
const NARROWEST = 320;
const WIDEST = 1440;
/** Where the alliance chat is a column beside the page rather than a full screen (app-shell.css). */
const CHAT_COLUMN_FROM = 1200;

/**
 * What is wrong with the bar at the current width, measured in the page (this project's TypeScript has no DOM
 * types): the page scrolls sideways; a button of the bar (account, menu, bell, chat) is not wholly on screen; or,
 * without the menu button, a game link is cut (by the bar's edge or its own box).
 */
async function barProblems(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const shown = (element) => element !== null && getComputedStyle(element).display !== 'none' && element.getBoundingClientRect().width > 0;
    const problems = [];
    const page = document.documentElement;
    if (page.scrollWidth > page.clientWidth) problems.push('the page scrolls sideways: ' + page.scrollWidth + ' px in ' + page.clientWidth);
    const buttons = ['[data-testid="account-menu-button"]', 'button[aria-label="Toggle menu"]', '[data-testid="chat-button"]', '[data-testid="notification-bell"]'];
    for (const selector of buttons) {
      const button = document.querySelector(selector);
      if (!shown(button)) continue;
      const box = button.getBoundingClientRect();
      if (box.left < 0 || box.right > page.clientWidth + 0.5) problems.push(selector + ' off screen: ' + box.left + '..' + box.right);
    }
    if (!shown(document.querySelector('button[aria-label="Toggle menu"]'))) {
      const bar = document.querySelector('nav[aria-label="Main navigation"]');
      const edge = bar.getBoundingClientRect();
      const links = [...bar.querySelectorAll('a')];
      if (links.length !== ${GAME_LINKS}) problems.push(links.length + ' links in the bar');
      for (const link of links) {
        const box = link.getBoundingClientRect();
        const cut = box.left < edge.left - 0.5 || box.right > edge.right + 0.5 || link.scrollWidth > link.clientWidth;
        if (cut) problems.push('"' + link.textContent + '" cut: ' + box.left + '..' + box.right + ' in ' + edge.left + '..' + edge.right);
      }
    }
    return problems;
  })()`);
}

/** Every width from `from` to `to` (2 px apart) at which the bar has problems, with them. */
async function brokenWidths(page: Page, from: number, to: number): Promise<string[]> {
  const broken: string[] = [];
  for (let width = from; width <= to; width += 2) {
    await page.setViewportSize({ width, height: 900 });
    const problems = await barProblems(page);
    if (problems.length > 0) broken.push(`${width} px: ${problems.join('; ')}`);
  }
  return broken;
}

browser.test('at every width from 320 to 1440 px the bar fits and every game link is reachable', async (page) => {
  const player = await newCityPlayer(stack(), 'nav');
  await browser.openAs(page, player.username, '/city');
  await page.getByTestId('account-menu-button').waitFor();
  expect(await brokenWidths(page, NARROWEST, WIDEST)).toEqual([]);

  // An iPad in portrait: the links are one tap away behind the menu button, the account menu opens.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  expect(await page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link').count()).toBe(GAME_LINKS);
  await page.getByTestId('account-menu-button').click();
  expect(await page.getByTestId('account-dropdown').isVisible()).toBe(true);
});

browser.test('in an alliance, the bar fits at every width with the chat button, and beside the open chat', async (page) => {
  // A name as wide as a Hive name gets (16 characters, wide letters first): the bar must hold it at every width.
  const player = await newCityPlayer(stack(), 'wwwwww');
  await newAlliance(stack(), player);
  await browser.openAs(page, player.username, '/city');
  await page.getByTestId('chat-button').waitFor();
  expect(await brokenWidths(page, NARROWEST, WIDEST)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('chat-button').click();
  await page.getByTestId('chat-panel').waitFor();
  expect(await brokenWidths(page, CHAT_COLUMN_FROM, WIDEST)).toEqual([]);
});
