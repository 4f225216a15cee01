import type { Page } from 'playwright-core';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { trainingDurationMs } from '@runik/rules';
import { newCityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Issue 45, "a screen is never stale": the guide's step 4 on a desktop and a phone, in Chromium against the real
 * stack (its Jest worker's shared stack). A training read on the City finishes while the player is on the Attack
 * screen, which then shows the army without a reload (it said "You need an army to attack!" until one).
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

/** One infantry's training time at Quarters level 1 (about 30 s): time enough to reach the Attack screen before it ends. */
const TRAINING_MS = trainingDurationMs('quarters', 1, 1);
/** How long after the training's end the army may take to show (the refresh waits a second for the server's clock). */
const SHOWN_WITHIN_MS = 10_000;

const SIZES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

/** Follows the bar's Attack link, through the menu button where the bar has one. */
async function goToAttack(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Toggle menu' });
  if (await menu.isVisible()) await menu.click();
  const links = page
    .getByRole('navigation', { name: /Main navigation|Mobile navigation/ })
    .getByRole('link', { name: 'Attack', exact: true });
  await links.filter({ visible: true }).first().click();
}

describe.each(Object.entries(SIZES))('the Attack screen at %s size', (_size, options) => {
  browser.test(
    'shows the army a training finished meanwhile, without a reload',
    async (page) => {
      await page.setViewportSize(options.viewport);
      const player = await newCityPlayer(stack(), 'stale');
      expect((await player.api.post(ApiRoutes.cityTrain(player.username), { building: 'quarters', count: 1 })).status).toBe(200);

      await browser.openAs(page, player.username, AppRoutes.city);
      await page.getByTestId('training-queue').waitFor();
      // Set on this document: still there at the end, so the page was never loaded again.
      await page.evaluate('window.notReloaded = true');
      await goToAttack(page);
      await page.getByTestId('army-empty').waitFor();

      await page
        .getByTestId('army-count')
        .filter({ hasText: /^1$/ })
        .waitFor({ timeout: TRAINING_MS + SHOWN_WITHIN_MS });
      expect(await page.getByTestId('army-empty').count()).toBe(0);
      expect(await page.evaluate('window.notReloaded === true')).toBe(true);
    },
    90_000,
  );
});
