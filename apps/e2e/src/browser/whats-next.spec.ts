import type { Page } from 'playwright-core';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { ATTACK_CHARGE_REGEN_MS, trainingDurationMs } from '@runik/rules';
import { attack, pastNewcomerShield, setArmy, setCharges } from '../support/attack';
import { eventually, currentPath, UI_TIMEOUT_MS, waitForPath } from '../support/browser';
import { newCityPlayer, type CityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Issue 45, item 5, in Chromium against the real stack (its Jest worker's shared stack): the City's "What's next"
 * counts its timers down to their events and moves on without a reload, its links lead where to act, and after an
 * absence the City says what happened meanwhile (a raid received).
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

/** One infantry's training time at Quarters level 1 (about 30 s). */
const TRAINING_MS = trainingDurationMs('quarters', 1, 1);
/** The next attack charge comes back this long after the page opens: well before the training ends. */
const CHARGE_IN_MS = 15_000;
/** How long after its event a line may take to move on (the refresh waits a second for the server's clock). */
const SHOWN_WITHIN_MS = 10_000;
/** The summary's threshold is 30 minutes away; the test's last visit is two hours ago. */
const AWAY_MS = 2 * 60 * 60_000;

/** The seconds a countdown shows ("0:00:27" is 27). */
async function secondsLeft(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const match = /^(\d+):(\d\d):(\d\d)$/.exec(text.trim());
  if (!match) throw new Error(`${testId} shows "${text}", not a countdown`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Follows the bar's City link, through the menu button where the bar has one. */
async function goToCity(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Toggle menu' });
  if (await menu.isVisible()) await menu.click();
  const links = page
    .getByRole('navigation', { name: /Main navigation|Mobile navigation/ })
    .getByRole('link', { name: 'City', exact: true });
  await links.filter({ visible: true }).first().click();
}

async function skipGuide(player: CityPlayer): Promise<void> {
  expect((await player.api.post(ApiRoutes.firstStepsSkip(player.username), {})).status).toBe(200);
}

describe("the City's What's next", () => {
  browser.test(
    'counts the timers down to their events without a reload, and its links go where to act',
    async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const player = await newCityPlayer(stack(), 'next');
      await skipGuide(player);
      // Three charges of five, the next one back in CHARGE_IN_MS; one infantry in training.
      await setCharges(stack(), player, 3, ATTACK_CHARGE_REGEN_MS - CHARGE_IN_MS);
      expect((await player.api.post(ApiRoutes.cityTrain(player.username), { building: 'quarters', count: 1 })).status).toBe(200);

      await browser.openAs(page, player.username, AppRoutes.city);
      const panel = page.getByTestId('whats-next');
      await panel.waitFor();
      await page.evaluate('window.notReloaded = true');

      // Every timer is there; harvest has never been done, so it is ready now.
      await expect(panel.getByTestId('next-harvest').textContent()).resolves.toContain('ready now');
      for (const line of ['next-quests', 'next-citadel', 'next-throne']) await panel.getByTestId(line).waitFor();
      await expect(panel.getByTestId('next-attack').textContent()).resolves.toContain('Attack charges 3 of 5');

      // The training's and the charge's countdowns tick.
      const trainingAt = await secondsLeft(page, 'next-training-quarters-timer');
      const chargeAt = await secondsLeft(page, 'next-attack-timer');
      expect(trainingAt).toBeLessThanOrEqual(TRAINING_MS / 1000);
      expect(chargeAt).toBeLessThanOrEqual(CHARGE_IN_MS / 1000);
      await eventually(async () => {
        expect(await secondsLeft(page, 'next-training-quarters-timer')).toBeLessThan(trainingAt);
        expect(await secondsLeft(page, 'next-attack-timer')).toBeLessThan(chargeAt);
      });

      // At their events the lines move on: the charge is back (4 of 5, the next one an hour away), the training done.
      await panel
        .getByTestId('next-attack')
        .filter({ hasText: 'Attack charges 4 of 5' })
        .waitFor({ timeout: CHARGE_IN_MS + SHOWN_WITHIN_MS });
      expect(await secondsLeft(page, 'next-attack-timer')).toBeGreaterThan(ATTACK_CHARGE_REGEN_MS / 1000 - 60);
      // Its own event moved it, not the training's end (which reads the army again too).
      expect(await panel.getByTestId('next-training-quarters').count()).toBe(1);
      await panel.getByTestId('next-training').waitFor({ timeout: TRAINING_MS + SHOWN_WITHIN_MS });
      expect(await panel.getByTestId('next-training-quarters').count()).toBe(0);
      expect(await page.getByTestId('building-quarters').getByTestId('training-queue').count()).toBe(0);
      expect(await page.evaluate('window.notReloaded === true')).toBe(true);

      // The links: the City's own cards (in the page, on screen) and the other screens.
      for (const [line, heading] of [
        ['next-harvest', 'city-resources-title'],
        ['next-quests', 'city-quests-title'],
        ['next-training', 'city-building-quarters-title'],
      ] as const) {
        await panel.getByTestId(line).getByRole('link').click();
        await eventually(async () => {
          expect(new URL(page.url()).hash).toBe(`#${heading}`);
          await expect(page.locator(`#${heading}`).isVisible()).resolves.toBe(true);
          const box = await page.locator(`#${heading}`).boundingBox();
          expect(box && box.y >= 0 && box.y < 800).toBe(true);
        });
      }
      for (const [line, path, landmark] of [
        ['next-attack', AppRoutes.attack, 'army-count'],
        ['next-citadel', AppRoutes.abyssalcitadel, null],
        ['next-throne', AppRoutes.thronewars, null],
      ] as const) {
        await page.goto(`${browser.current().baseUrl}${AppRoutes.city}`);
        await panel.getByTestId(line).getByRole('link').click();
        await waitForPath(page, path);
        if (landmark) await page.getByTestId(landmark).waitFor();
        expect(currentPath(page)).toBe(path);
      }
    },
    120_000,
  );

  browser.test('after an absence, the City lists a raid received meanwhile', async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const [player, raider] = [await newCityPlayer(stack(), 'away'), await newCityPlayer(stack(), 'awayraid')];
    await skipGuide(player);
    await pastNewcomerShield(stack(), player);
    await setArmy(stack(), raider, { infantry: 30 });

    // The player looks at the City, then at another screen; the browser's last look at the City was two hours ago.
    await browser.openAs(page, player.username, AppRoutes.city);
    await page.getByTestId('whats-next').waitFor();
    expect(await page.getByTestId('away-summary').count()).toBe(0);
    await page.goto(`${browser.current().baseUrl}${AppRoutes.inbox}`);
    await page.evaluate(([key, at]) => localStorage.setItem(key, JSON.stringify({ at, training: [] })), [
      `runik.last-visit.${player.username}`,
      Date.now() - AWAY_MS,
    ] as const);

    // Meanwhile a raid.
    expect((await attack(raider, player.username)).status).toBe(200);

    // Back on the City (through the bar, no reload): the summary lists the raid, its result and its report.
    await goToCity(page);
    const summary = page.getByTestId('away-summary');
    await summary.waitFor({ timeout: UI_TIMEOUT_MS });
    const raid = summary.getByTestId('away-attacks').getByTestId('away-notification');
    await expect(raid.count()).resolves.toBe(1);
    await expect(raid.textContent()).resolves.toMatch(
      new RegExp(`${raider.username} raided your city|drove off ${raider.username}'s raid`),
    );
    await expect(raid.getByRole('link', { name: 'Battle report' }).count()).resolves.toBe(1);

    // Dismissed, it goes; the next look at the City is no return from an absence.
    await summary.getByRole('button', { name: 'Dismiss' }).click();
    await summary.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('whats-next').waitFor();
    expect(await page.getByTestId('away-summary').count()).toBe(0);
  });
});
