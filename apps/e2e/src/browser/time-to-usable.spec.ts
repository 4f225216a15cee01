import type { BrowserContextOptions } from 'playwright-core';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { attack, battlesOf, pastNewcomerShield, setArmy } from '../support/attack';
import { logIn, withPage } from '../support/browser';
import { grant, letTimePass, newCityPlayer, setCityHallLevel } from '../support/city';
import { giveGear } from '../support/gear';
import { useSharedBrowserStack } from '../support/shared-browser-stack';
import { CITY_USABLE, coldLoads, RUNS, SCREEN_USABLE, SIZES } from '../support/time-to-usable';

/**
 * Issue 50, item 5: every screen behind the login (every route of AppRoutes but the login page and the credits), its
 * time to usable on a cold cache, median of RUNS loads at desktop and phone sizes, printed as a table (a figure, not
 * an assertion: this shared machine's load varies; the goal is 1.5 s on a quiet machine). The player has a city with
 * gear, an army and a raid behind it, so the screens show content rather than their empty states.
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

/** The issue's goal, ms: what the table marks. */
const GOAL_MS = 1_500;
const HOUR = 3_600_000;

/** Every screen behind the login, by its AppRoutes name. */
const SCREENS = Object.entries(AppRoutes).filter(([name]) => name !== 'authentication' && name !== 'credits');
/** Each screen's cells of the table, printed once all are measured (or as far as they went). */
const rows = new Map<string, string>();
let session: BrowserContextOptions['storageState'];
let battleReport = '';

beforeAll(async () => {
  const player = await newCityPlayer(stack(), 'usable');
  const rival = await newCityPlayer(stack(), 'usablerival');
  expect((await player.api.post(ApiRoutes.firstStepsSkip(player.username), {})).status).toBe(200);
  // City Hall 3: the Farm open, its Upgrade the City's first action (as city-scene.spec measures it).
  await setCityHallLevel(stack(), player, 3);
  await grant(stack(), player, 'runik', 250_000);
  await giveGear(stack(), player, { type: 'infantry', rarity: 'rare', level: 3, equipped: true });
  await giveGear(stack(), player, { type: 'wheat', rarity: 'epic', level: 2 });
  await setArmy(stack(), player, { infantry: 120, archers: 40, cavalries: 10 });
  await pastNewcomerShield(stack(), player, rival);
  for (const each of [player, rival]) await letTimePass(stack(), each, 24 * HOUR);
  expect((await attack(player, rival.username)).status).toBe(200);
  const [battle] = await battlesOf(stack(), { attacker: player });
  battleReport = AppRoutes.battleReport.replace(':kind', 'attack').replace(':id', String(battle.id));
  // A session to carry into fresh profiles: logged in once through the form.
  await withPage(browser.current(), 'log in for the measure', async (page) => {
    await logIn(page, browser.current().baseUrl, player.username);
    await page.getByTestId('resources-card').waitFor();
    session = await page.context().storageState();
  });
}, 120_000);

afterAll(() => {
  const header = `${'screen'.padEnd(16)} ${Object.keys(SIZES)
    .map((size) => `${size}: median (runs)`.padEnd(24))
    .join(' ')}`;
  const table = SCREENS.map(([name]) => `${name.padEnd(16)} ${rows.get(name) ?? '-'}`);
  console.log(
    `Time to usable, ms from navigation, cold cache, production build, median of ${RUNS} (* over ${GOAL_MS}):\n${header}\n${table.join('\n')}`,
  );
});

// One test per screen: on a loaded machine each has its own time, and the screens measured are printed either way.
it.each(SCREENS)(
  '%s: measured on a cold cache',
  async (name, route) => {
    const path = name === 'battleReport' ? battleReport : route;
    const check = route === AppRoutes.city ? CITY_USABLE : SCREEN_USABLE;
    const cells: string[] = [];
    for (const options of Object.values(SIZES)) {
      const { runs, median } = await coldLoads(browser.current(), `${browser.current().baseUrl}${path}`, check, options, session);
      const ms = Math.round(median.usableAt);
      cells.push(`${ms}${ms > GOAL_MS ? '*' : ' '} (${[...runs].sort((a, b) => a - b).join('/')})`.padEnd(24));
    }
    rows.set(name, cells.join(' '));
    expect(cells).toHaveLength(Object.keys(SIZES).length);
  },
  300_000,
);
