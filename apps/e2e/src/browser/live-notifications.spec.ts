import type { Page } from 'playwright-core';
import { formatResource, recordOf, RESOURCE_KEYS, toThousandths, type ResourceKey } from '@runik/rules';
import { eventually, liveConnected, logIn, UI_TIMEOUT_MS, waitForPath, withPage, withTimeout } from '../support/browser';
import { attack, battlesOf, pastNewcomerShield, setArmy } from '../support/attack';
import { cityOf, CityPlayer, letTimePass, newCityPlayer } from '../support/city';
import { awaitNotifications } from '../support/notifications';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Live notifications in Chromium against the real stack: a raid made through the API by another
 * player reaches the defender's open page over Socket.IO (toast, bell, refreshed city) without a
 * reload; its report opens from the battle log and the inbox; the bell and the inbox fit a phone.
 * On its Jest worker's shared stack (its players are its own).
 */
const HOUR = 3_600_000;
const PHONE = { width: 390, height: 844 };
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

/** A raid the attacker is sure to win: 500 cavalry against an empty city with 3 hours of production pending. */
async function raidSetup(): Promise<{ attacker: CityPlayer; defender: CityPlayer }> {
  const [attacker, defender] = await Promise.all([newCityPlayer(stack(), 'raid'), newCityPlayer(stack(), 'vict')]);
  await setArmy(stack(), attacker, { cavalries: 500 });
  await setArmy(stack(), defender, {});
  await pastNewcomerShield(stack(), defender);
  await letTimePass(stack(), defender, 3 * HOUR);
  return { attacker, defender };
}

/** The unread count the bell announces (its aria-label). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  if (label === 'Inbox: no unread notifications') return 0;
  const match = /^Inbox: (\d+) unread notifications?$/.exec(label);
  if (!match) throw new Error(`unexpected bell label "${label}"`);
  return Number(match[1]);
}

type Amounts = Record<ResourceKey, number>;

/** The City screen's numbers, read in one go: held amounts, pending amounts and production per hour. */
async function cityShown(page: Page): Promise<{ held: Amounts; pending: Amounts; perHour: Amounts }> {
  // A string, run in the page (this project's TypeScript has no DOM types).
  const texts = await page.evaluate<string[][]>(`${JSON.stringify(RESOURCE_KEYS)}.map((key) => ['amount-', 'pending-', 'production-'].map(
    (prefix) => document.querySelector('[data-testid="' + prefix + key + '"]')?.textContent?.trim() ?? ''))`);
  const number = (text: string) => {
    const value = Number(text.replaceAll(',', ''));
    if (text === '' || !Number.isFinite(value)) throw new Error(`expected a number on the City screen, it shows "${text}"`);
    return value;
  };
  const pick = (column: number) => recordOf(RESOURCE_KEYS, (key) => number(texts[RESOURCE_KEYS.indexOf(key)][column]));
  return { held: pick(0), pending: pick(1), perHour: pick(2) };
}

/** A server amount (3 decimals) as the City screen shows it (2 decimals, rounded down). */
const asShown = (amount: number) => Number(formatResource(toThousandths(amount)).replaceAll(',', ''));

describe('live notifications', () => {
  browser.test('a raid reaches the open city page: toast, bell and pending resources, without a reload; its report opens', async (page) => {
    const { attacker, defender } = await raidSetup();
    const connected = liveConnected(page);
    await logIn(page, browser.current().baseUrl, defender.username);
    await page.getByTestId('resources-card').waitFor();
    await withTimeout(connected, UI_TIMEOUT_MS, 'the live connection');
    // A full page load would lose this; client-side routing keeps it.
    await page.evaluate("window.__sameDocument = 'still here'");
    const unreadBefore = await bellCount(page);
    const before = await cityShown(page);
    expect(before.pending.wheat).toBeGreaterThan(0);

    // Watching for the toast before the raid: it hides itself after a few seconds.
    const toast = page.getByTestId('toast').filter({ hasText: `${attacker.username} raided your city` });
    // Settled at once, so a failure before it is awaited is not an unhandled rejection.
    const toastShown = toast.waitFor({ timeout: 30_000 }).then(
      () => null,
      (error: unknown) => error,
    );
    const response = await attack(attacker, defender.username);
    expect(response.status).toBe(200);
    const { battleId, winner, loot } = response.data.result;
    expect(winner).toBe('attacker');
    const [battle] = await battlesOf(stack(), { defender });
    expect(battle.id).toBe(battleId);
    const looted = RESOURCE_KEYS.filter((key) => loot[key] > 0);
    expect(looted.length).toBeGreaterThan(0);

    const toastError = await toastShown;
    if (toastError) throw toastError;
    await eventually(async () => expect(await bellCount(page)).toBe(unreadBefore + 1), 30_000);
    // The loot left the pending resources: the screen shows it without being reloaded.
    await eventually(async () => {
      const { pending } = await cityShown(page);
      for (const key of looted) expect(pending[key]).toBeLessThan(before.pending[key] - loot[key] / 2);
    }, 30_000);
    // ...and agrees with the server: pending grows each second, so read the screen on both sides of the call.
    const started = Date.now();
    const shownBefore = await cityShown(page);
    const server = await cityOf(defender);
    const shownAfter = await cityShown(page);
    const slackSeconds = (Date.now() - started) / 1000 + 2;
    for (const key of RESOURCE_KEYS) {
      const apiShown = asShown(server.pendingResources[key]);
      const slack = (shownAfter.perHour[key] * slackSeconds) / 3600 + 0.01;
      expect(apiShown).toBeGreaterThanOrEqual(shownBefore.pending[key] - slack);
      expect(apiShown).toBeLessThanOrEqual(shownAfter.pending[key] + slack);
      // Held resources are not raided.
      expect(shownAfter.held[key]).toBe(asShown(server.resources[key]));
      expect(shownAfter.held[key]).toBe(before.held[key]);
    }
    // The stored battle took exactly what the response says.
    for (const key of RESOURCE_KEYS) expect(battle.outcome.loot[key]).toBe(toThousandths(loot[key]));

    // The inbox entry links to the raid's report.
    await page.getByTestId('notification-bell').click();
    await waitForPath(page, '/inbox');
    const entry = page.locator('[data-testid="notification"][data-kind="attacked"]');
    await entry.filter({ hasText: attacker.username }).waitFor();
    expect(await entry.getByRole('link', { name: 'Battle report' }).getAttribute('href')).toBe(`/battles/attack/${battleId}`);

    // The battle log's row opens the full report.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Attack', exact: true }).click();
    await waitForPath(page, '/attack');
    await page.getByRole('button', { name: 'Battle Log' }).click();
    const row = page.getByRole('dialog', { name: 'Battle Log' }).getByTestId(`battle-${battleId}`);
    await row
      .getByTestId('log-sides')
      .filter({ hasText: `${attacker.username} vs ${defender.username}` })
      .waitFor();
    await row.getByRole('link', { name: 'Full report' }).click();
    await waitForPath(page, `/battles/attack/${battleId}`);
    await page.getByRole('heading', { name: 'Raid report', level: 1 }).waitFor();
    await page.getByTestId('side-attacker').filter({ hasText: attacker.username }).waitFor();
    await page.getByTestId('side-defender').filter({ hasText: defender.username }).waitFor();
    expect((await page.getByTestId('seed').textContent())?.trim()).toBe(String(battle.seed));

    expect(await page.evaluate('window.__sameDocument')).toBe('still here');
  });

  it('on a phone the bell shows and the inbox opens without sideways scrolling', async () => {
    const name = expect.getState().currentTestName ?? 'phone inbox';
    await withPage(
      browser.current(),
      name,
      async (page) => {
        const { attacker, defender } = await raidSetup();
        expect((await attack(attacker, defender.username)).status).toBe(200);
        await awaitNotifications(defender, 'attacked', 1, 30_000);

        await logIn(page, browser.current().baseUrl, defender.username);
        const bell = page.getByTestId('notification-bell');
        await bell.waitFor();
        await eventually(async () => expect(await bellCount(page)).toBeGreaterThanOrEqual(1));
        const box = await bell.boundingBox();
        if (!box) throw new Error('the bell is not laid out');
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);

        await bell.click();
        await waitForPath(page, '/inbox');
        await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
        await page.locator('[data-testid="notification"][data-kind="attacked"]').filter({ hasText: attacker.username }).waitFor();
        const widths = await page.evaluate<{ scroll: number; inner: number }>(
          '({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth })',
        );
        expect(widths.inner).toBe(PHONE.width);
        expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      },
      { viewport: PHONE },
    );
  }, 120_000);
});
