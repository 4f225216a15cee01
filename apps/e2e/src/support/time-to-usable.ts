import type { BrowserContextOptions, Page } from 'playwright-core';
import { eventually, withPage, type BrowserStack } from './browser';

/**
 * Issue 50, item 5: a screen's time to usable, from the navigation's start until its main content shows and its
 * first action is enabled, in a fresh browser profile (a cold cache) holding only the session, on the production
 * build the stack serves. Measured, never asserted: this shared machine's load varies.
 */

/** Cold loads per screen and size; the median is reported. */
export const RUNS = 3;

/** The sizes measured: desktop and the spec's phone. */
export const SIZES: Record<string, BrowserContextOptions & { viewport: { width: number; height: number } }> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};

/**
 * What makes a screen usable, as the body of a function run in the page with `main` (the page's main element) in
 * scope: true once it holds. A string: the page's CSP refuses an evaluated function, and this project compiles
 * without the DOM's types.
 */
export type UsableCheck = string;

/**
 * Any screen: its heading shows, nothing in it is loading (no "Loading" status, no list still busy), and a control
 * of it is enabled (its first action: an enabled button, link or field in the main content, the navigation bar aside).
 */
export const SCREEN_USABLE: UsableCheck = `
  if (!main.querySelector('h1')) return false;
  if ([...main.querySelectorAll('[role="status"]')].some((status) => /Loading/.test(status.textContent || ''))) return false;
  if (main.querySelector('[aria-busy="true"]:not(button)')) return false;
  return [...main.querySelectorAll('button, a[href], input, select, textarea')].some((control) => !control.disabled);
`;

/** The City: its resources, buildings, "What's next" and quests show, nothing is loading, the Farm's Upgrade is enabled. */
export const CITY_USABLE: UsableCheck = `
  const shown = ['resources-card', 'building-wheat', 'whats-next', 'quest-panel']
    .every((id) => main.querySelector('[data-testid="' + id + '"]'));
  if (!shown) return false;
  if ([...main.querySelectorAll('[role="status"]')].some((status) => /Loading/.test(status.textContent || ''))) return false;
  const upgrade = [...main.querySelectorAll('[data-testid="building-wheat"] button')].find((button) => button.textContent.trim() === 'Upgrade');
  return upgrade !== undefined && !upgrade.disabled;
`;

export interface Measure {
  usableAt: number;
  /** What the page fetched before it was usable: path, start and end (ms from the navigation's start). */
  waterfall: string[];
}

/** Loads `url` in `page` and returns when it became usable (checked on every frame from the page's first script on). */
export async function timeToUsable(page: Page, url: string, check: UsableCheck): Promise<Measure> {
  await page.addInitScript(`(() => {
    const usable = () => {
      const main = document.querySelector('main');
      if (!main) return false;
      ${check}
    };
    const poll = () => {
      if (usable()) window.__usableAt = performance.now();
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  })()`);
  await page.goto(url, { waitUntil: 'commit' });
  const usableAt = await eventually(async () => {
    const at = await page.evaluate<number | null>('window.__usableAt ?? null');
    if (at === null) throw new Error(`${url} is not usable yet: its main content reads\n${await mainText(page)}`);
    return at;
  }, 30_000);
  const waterfall = await page.evaluate<string[]>(
    `performance.getEntriesByType('resource').filter((entry) => entry.startTime <= ${usableAt})
      .map((entry) => new URL(entry.name).pathname.replace(/-[\\w-]{8}\\.js$/, '.js') + ' ' + Math.round(entry.startTime) + '-' + Math.round(entry.responseEnd))`,
  );
  return { usableAt, waterfall };
}

/** What the main content shows, for a failure's message: its text and its controls with their state. */
function mainText(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const main = document.querySelector('main');
    if (!main) return '(no main element)';
    const controls = [...main.querySelectorAll('button')].map((button) => button.textContent.trim() + (button.disabled ? ' (disabled)' : ''));
    return main.innerText.slice(0, 1500) + '\\nbuttons: ' + controls.join(', ');
  })()`);
}

export interface ColdLoads {
  /** Each run's time to usable, ms, in the order run. */
  runs: number[];
  median: Measure;
}

/** `RUNS` cold loads of `url` at one size, each in a fresh profile holding `session`. */
export async function coldLoads(
  browser: BrowserStack,
  url: string,
  check: UsableCheck,
  options: BrowserContextOptions,
  session: BrowserContextOptions['storageState'],
): Promise<ColdLoads> {
  const measures: Measure[] = [];
  for (let run = 0; run < RUNS; run++) {
    await withPage(
      browser,
      `time to usable ${url} ${run}`,
      async (page) => {
        measures.push(await timeToUsable(page, url, check));
      },
      {
        ...options,
        storageState: session,
      },
    );
  }
  const median = [...measures].sort((a, b) => a.usableAt - b.usableAt)[Math.floor(RUNS / 2)];
  return { runs: measures.map((measure) => Math.round(measure.usableAt)), median };
}
