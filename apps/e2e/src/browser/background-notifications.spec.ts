import type { Page } from 'playwright-core';
import { ApiRoutes } from '@runik/contract';
import { launchBackgroundTabBrowser, type BackgroundTabBrowser } from '../support/background-tab';
import { eventually, liveConnected, logIn, saveScreenshot, UI_TIMEOUT_MS, waitForToast, withPage, withTimeout } from '../support/browser';
import { newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { useSharedBrowserStack } from '../support/shared-browser-stack';

/**
 * Issue 45, item 7: the browser's notifications while the tab is in the background, and the installable app. A
 * training that finishes while the game's tab is behind another is announced through the Notification API (the
 * player pressed "Notify me"; the permission is granted to the profile); the manifest, icons and service worker are
 * served, and with the browser offline the shell still loads from the worker. On its Jest worker's shared stack.
 */
const browser = useSharedBrowserStack();
const stack = () => browser.current().stack;

/** How far ahead the training is made to finish: the login and the "Notify me" press fit well within it. */
const TRAINING_LEFT_MS = 40_000;

interface Shown {
  via: string;
  title: string;
  body: string;
  visibility: string;
}

/**
 * Wraps `Notification` and `ServiceWorkerRegistration.prototype.showNotification`: each records what it was asked to
 * show (and whether the page was hidden then), then calls through. A string, run in every page before its scripts.
 */
const RECORD_NOTIFICATIONS = `(() => {
  const shown = [];
  window.__notificationsShown = shown;
  const record = (via, title, options) =>
    shown.push({ via, title: String(title), body: String((options && options.body) || ''), visibility: document.visibilityState });
  const Original = window.Notification;
  if (Original) {
    const Recording = function Notification(title, options) {
      record('Notification', title, options);
      return new Original(title, options);
    };
    Recording.prototype = Original.prototype;
    Object.defineProperty(Recording, 'permission', { get: () => Original.permission });
    Recording.requestPermission = (...args) => Original.requestPermission(...args);
    window.Notification = Recording;
  }
  if (window.ServiceWorkerRegistration) {
    const showNotification = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      record('showNotification', title, options);
      return showNotification.call(this, title, options);
    };
  }
})()`;

const shownOn = (page: Page) => page.evaluate<Shown[]>('window.__notificationsShown ?? []');

describe('notifications while the tab is in the background, and the installable app', () => {
  let chromium: BackgroundTabBrowser | undefined;
  afterAll(async () => {
    await chromium?.close();
  });

  it('a training that finishes while the tab is hidden is announced by the browser', async () => {
    const { baseUrl } = browser.current();
    const player = await newCityPlayer(stack(), 'bgnote');
    expect((await player.api.post(ApiRoutes.cityTrain(player.username), { building: 'quarters', count: 10 })).status).toBe(200);
    const [{ due }] = await queryDatabase<{ due: string }>(
      stack().database.url,
      `UPDATE training_queue SET completes_at = now() + $2::interval WHERE player_id = $1
       RETURNING (extract(epoch FROM completes_at) * 1000)::bigint AS due`,
      [player.playerId, `${TRAINING_LEFT_MS} milliseconds`],
    );
    const completesAt = Number(due);

    chromium = await launchBackgroundTabBrowser();
    const { context } = chromium;
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    await context.addInitScript(RECORD_NOTIFICATIONS);
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await logIn(page, baseUrl, player.username);
      await page.getByTestId('training-queue').first().waitFor();
      expect(await page.evaluate('Notification.permission')).toBe('granted');

      // Asked from the control only; the permission is already the profile's, so the choice is simply remembered.
      await page.getByTestId('account-menu-button').click();
      await page.getByTestId('notify-me').click();
      await waitForToast(page, 'Runik will notify you while it is in the background.');
      // In front, nothing is announced through the browser.
      expect(await shownOn(page)).toEqual([]);

      const other = await context.newPage();
      await other.bringToFront();
      await eventually(async () => expect(await page.evaluate('document.visibilityState')).toBe('hidden'), 10_000);
      // Hidden before the training's end: the announcement below comes from a page in the background.
      expect(Date.now()).toBeLessThan(completesAt);

      await eventually(async () => {
        const shown = await shownOn(page);
        expect(shown).toContainEqual(expect.objectContaining({ title: 'Runik', body: expect.stringMatching(/^Training done: 10 /) }));
      }, TRAINING_LEFT_MS + 30_000);
      const [training] = (await shownOn(page)).filter((entry) => entry.body.startsWith('Training done'));
      expect(training.visibility).toBe('hidden');
      expect(Date.now()).toBeGreaterThanOrEqual(completesAt);
    } catch (error) {
      await saveScreenshot(page, 'background notifications');
      throw error;
    }
  }, 150_000);

  it('the manifest, icons and service worker are served, and the shell loads offline', async () => {
    const name = expect.getState().currentTestName ?? 'installable app';
    // The worker is blocked in the other tests' profiles (support/browser.ts): this one lets it run.
    await withPage(browser.current(), name, installableApp, { serviceWorkers: 'allow' });
  }, 120_000);
});

async function installableApp(page: Page): Promise<void> {
  const { baseUrl } = browser.current();
  const manifestResponse = await fetch(`${baseUrl}/manifest.webmanifest`);
  expect(manifestResponse.status).toBe(200);
  expect(manifestResponse.headers.get('cache-control')).toBe('no-cache');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Runik', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const response = await fetch(`${baseUrl}${icon.src}`);
    expect([icon.src, response.status, response.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
  }
  const worker = await fetch(`${baseUrl}/sw.js`);
  expect(worker.status).toBe(200);
  expect(worker.headers.get('content-type')).toMatch(/javascript/);
  // Never cached long: a deployment's worker replaces the old one on the next visit.
  expect(worker.headers.get('cache-control')).toBe('no-cache');
  const shell = await fetch(`${baseUrl}/city`);
  expect(shell.headers.get('content-security-policy')).toContain("worker-src 'self'");
  expect(await shell.text()).toContain('<link rel="manifest" href="/manifest.webmanifest">');

  // A player's visit: the worker installs on the login page, then the City screen's calls (/api, /socket.io) pass it.
  const player = await newCityPlayer(stack(), 'pwa');
  const connected = liveConnected(page);
  await page.goto(`${baseUrl}/authentication`);
  await page.getByRole('heading', { name: 'Login or Activate Account', level: 1 }).waitFor();
  // Registered on load; controls the page once installed (it claims the open pages).
  expect(
    await withTimeout(
      page.evaluate(`navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller ? true
        : new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true))))`),
      30_000,
      'the service worker to control the page',
    ),
  ).toBe(true);
  await logIn(page, baseUrl, player.username);
  await page.getByTestId('resources-card').waitFor();
  await withTimeout(connected, UI_TIMEOUT_MS, 'the live connection');

  // What the worker keeps: the build's files, never an answer of the api or of Socket.IO.
  const cached = await page.evaluate<string[]>(`(async () => {
    const paths = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  })()`);
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
  expect(cached.filter((path) => /^\/(api|socket\.io)(\/|$)/.test(path))).toEqual([]);

  await page.context().setOffline(true);
  try {
    expect(await page.evaluate("fetch('/api/health/ready').then(() => 'reached', () => 'offline')")).toBe('offline');
    // The shell (the bar and the player's menu) loads from the worker; the city's data cannot.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByTestId('account-menu-button').filter({ hasText: player.username }).waitFor();
  } finally {
    await page.context().setOffline(false);
  }
}
