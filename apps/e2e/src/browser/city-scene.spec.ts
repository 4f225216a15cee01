import type { BrowserContextOptions, Page } from 'playwright-core';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { BUILDING_KEYS, CITY_HALL_KEY, isBuildingUnlocked } from '@runik/rules';
import { seriousViolations } from '../support/axe';
import { eventually, logIn, waitForToast, withPage } from '../support/browser';
import { cityOf, grant, newCityPlayer, setCityHallLevel, type CityPlayer } from '../support/city';
import { useSharedBrowserStack } from '../support/shared-browser-stack';
import { CITY_USABLE, coldLoads, SIZES } from '../support/time-to-usable';

/**
 * Issue 50, items 1 and 5, in Chromium against the real stack (its Jest worker's shared stack), at desktop and phone
 * sizes: the City's scene draws one button per building at its level (and follows an upgrade), a building's button
 * opens its card, the keyboard reaches every building, the production's animation stops with reduced motion, and
 * axe-core finds nothing serious. Then the City's time to usable on a cold cache is measured and printed (a figure,
 * not an assertion: this shared machine's load varies).
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

/** Every building of the scene: City Hall and the seven others. */
const SCENE_KEYS = [CITY_HALL_KEY, ...BUILDING_KEYS] as const;
/** The City Hall level of the tests' city: some buildings open, the Stables (opening at 5) still a plot. */
const CH_LEVEL = 3;
/** Thousandths: enough RUNIK for a few upgrades. */
const RUNIK = 100_000;

const sceneBuilding = (page: Page, key: string) => page.getByTestId(`scene-building-${key}`);

async function newPlayer(prefix: string): Promise<CityPlayer> {
  const player = await newCityPlayer(stack(), prefix);
  // The first steps' coach card would sit over the page: this player knows the way.
  expect((await player.api.post(ApiRoutes.firstStepsSkip(player.username), {})).status).toBe(200);
  await setCityHallLevel(stack(), player, CH_LEVEL);
  await grant(stack(), player, 'runik', RUNIK);
  return player;
}

async function openCity(page: Page, player: CityPlayer): Promise<void> {
  await logIn(page, browser.current().baseUrl, player.username);
  await page.getByTestId('resources-card').waitFor();
}

/** What the page's active element is: its test id, or that of the nearest ancestor with one. */
function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate<string | null>('document.activeElement?.closest("[data-testid]")?.getAttribute("data-testid") ?? null');
}

/** The building's name on the scene as the server's constants give it. */
function sceneName(key: string): string {
  const names: Record<string, string> = {
    ch: 'City Hall',
    wheat: 'Farm',
    lumber: 'Lumber Mill',
    stone: 'Quarry',
    ore: 'Mine',
    quarters: 'Quarters',
    archery: 'Archery Range',
    stables: 'Stables',
  };
  return names[key];
}

for (const [size, options] of Object.entries(SIZES)) {
  describe(`the City's scene (${size})`, () => {
    browser.test('draws each building at its level, follows an upgrade, and a building opens its card', async (page) => {
      await page.setViewportSize(options.viewport);
      const player = await newPlayer('scene');
      await openCity(page, player);
      const city = await cityOf(player);
      const levels: Record<string, number> = { ...city.levels, [CITY_HALL_KEY]: city.chLevel };

      // The scene itself: a picture with a name, at least 160x120, within the phone's width.
      const picture = page.getByTestId('city-scene').getByRole('img', { name: /Your city/ });
      const box = await picture.boundingBox();
      expect(box && box.width >= 160 && box.height >= 120).toBe(true);
      const { scrollWidth, clientWidth } = await page.evaluate<{ scrollWidth: number; clientWidth: number }>(
        '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
      );
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

      // One button per building at its level; a building still locked is a plot with the level that opens it.
      expect(await page.locator('[data-testid^="scene-building-"]').count()).toBe(SCENE_KEYS.length);
      for (const key of SCENE_KEYS) {
        const building = sceneBuilding(page, key);
        const open = key === CITY_HALL_KEY || isBuildingUnlocked(key, city.chLevel);
        expect(await building.getAttribute('data-level')).toBe(String(levels[key]));
        const name = await building.getAttribute('aria-label');
        if (open) expect(name).toBe(`${sceneName(key)}, level ${levels[key]}`);
        else expect(name).toMatch(new RegExp(`^${sceneName(key)}, locked until City Hall level \\d+$`));
        expect(await building.getAttribute('data-locked')).toBe(open ? null : '');
      }
      // The plot's badge: a padlock and the City Hall level that opens it.
      expect((await sceneBuilding(page, 'stables').locator('.city-scene__badge').textContent())?.trim()).toBe('5');

      // A building's button opens its card: the card has the focus and is in view.
      await sceneBuilding(page, 'wheat').click();
      await eventually(async () => expect(await focusedTestId(page)).toBe('building-wheat'));
      const card = await page.getByTestId('building-wheat').boundingBox();
      expect(card && card.y < options.viewport.height && card.y + card.height > 0).toBe(true);

      // Upgraded from its card, the Farm is a level higher on the scene.
      await page.getByTestId('building-wheat').getByRole('button', { name: 'Upgrade', exact: true }).click();
      await waitForToast(page, `Farm upgraded to level ${levels.wheat + 1}`);
      await eventually(async () => {
        expect(await sceneBuilding(page, 'wheat').getAttribute('data-level')).toBe(String(levels.wheat + 1));
        expect(await sceneBuilding(page, 'wheat').getAttribute('aria-label')).toBe(`Farm, level ${levels.wheat + 1}`);
      });
      expect((await cityOf(player)).levels.wheat).toBe(levels.wheat + 1);
    });

    browser.test('the keyboard reaches every building, and Enter opens its card; axe finds nothing serious', async (page) => {
      await page.setViewportSize(options.viewport);
      const player = await newPlayer('scenekeys');
      await openCity(page, player);
      await page.getByTestId('whats-next').waitFor();
      await page.getByTestId('quest-panel').waitFor();

      const reached = new Set<string>();
      await page.locator('body').focus();
      for (let press = 0; press < 80 && reached.size < SCENE_KEYS.length; press++) {
        await page.keyboard.press('Tab');
        const id = await focusedTestId(page);
        if (id?.startsWith('scene-building-')) reached.add(id.slice('scene-building-'.length));
      }
      expect([...reached].sort()).toEqual([...SCENE_KEYS].sort());

      await sceneBuilding(page, 'quarters').focus();
      await page.keyboard.press('Enter');
      await eventually(async () => expect(await focusedTestId(page)).toBe('building-quarters'));

      await page.waitForLoadState('networkidle').catch(() => undefined);
      expect(await seriousViolations(page)).toEqual([]);
    });

    browser.test('production is a light animation, and none at all with reduced motion', async (page) => {
      await page.setViewportSize(options.viewport);
      const player = await newPlayer('scenemotion');
      await openCity(page, player);
      await eventually(async () => expect(await page.evaluate<number>('document.getAnimations().length')).toBeGreaterThan(0));

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      await page.getByTestId('city-scene').waitFor();
      await page.getByTestId('whats-next').waitFor();
      await page.getByTestId('quest-panel').waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      // What runs on the whole City page, not only in the scene.
      expect(await page.evaluate<number>('document.getAnimations().length')).toBe(0);
    });
  });
}

describe("the City's time to usable", () => {
  it('is measured on a cold cache and printed', async () => {
    const player = await newPlayer('sceneperf');
    // A session to carry into fresh profiles: logged in once through the form.
    let session: BrowserContextOptions['storageState'];
    await withPage(browser.current(), 'log in for the measure', async (page) => {
      await openCity(page, player);
      session = await page.context().storageState();
    });
    const lines: string[] = [];
    for (const [size, options] of Object.entries(SIZES)) {
      const { runs, median } = await coldLoads(
        browser.current(),
        `${browser.current().baseUrl}${AppRoutes.city}`,
        CITY_USABLE,
        options,
        session,
      );
      lines.push(`${size}: median ${Math.round(median.usableAt)} ms (runs: ${runs.join(', ')} ms)`);
      lines.push(`  fetched before usable in the median run (ms from navigation):\n      ${median.waterfall.join('\n      ')}`);
    }
    console.log(`The City's time to usable, cold cache, production build:\n  ${lines.join('\n  ')}`);
    expect(lines.filter((line) => /^\w+: median \d+ ms/.test(line))).toHaveLength(Object.keys(SIZES).length);
  }, 180_000);
});
